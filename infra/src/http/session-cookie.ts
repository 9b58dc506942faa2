import type { Request, Response } from "express";
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from "@crm/contracts/auth/auth";

/** The value of one cookie from the Cookie header (no cookie-parser dependency for one name). */
export function readCookie(req: Request, name: string): string | undefined {
  const header = req.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/** Secure whenever the browser sees https: directly, through a trusted proxy, or per PUBLIC_URL. */
export const isHttps = (req: Request, publicUrl: string | undefined) => req.secure || publicUrl?.startsWith("https:") === true;

/** HttpOnly, SameSite=Lax, Path=/, expiring with the session; with the scripts' hint beside it, expiring alike. */
export function setSessionCookie(req: Request, res: Response, token: string, expiresAt: Date, publicUrl: string | undefined) {
  const secure = isHttps(req, publicUrl);
  res.cookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: "lax", path: "/", secure, expires: expiresAt });
  res.cookie(SIGNED_IN_COOKIE, "1", { sameSite: "lax", path: "/", secure, expires: expiresAt });
}

export function clearSessionCookie(req: Request, res: Response, publicUrl: string | undefined) {
  res.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: "lax", path: "/", secure: isHttps(req, publicUrl) });
  res.clearCookie(SIGNED_IN_COOKIE, { sameSite: "lax", path: "/", secure: isHttps(req, publicUrl) });
}
