import { z } from "zod/mini";
import { LinkToken } from "@crm/contracts/auth/commands";
import { HttpError } from "@/lib/api-client";

/**
 * The secret of a mailed link, from the part after "#" (/reset-password#<token>, /invite#<token>):
 * the fragment never reaches a server, a proxy's log or a Referer. Null when it is missing or not a token.
 */
export function linkTokenOf(hash: string): string | null {
  let token: string;
  try {
    token = decodeURIComponent(hash.replace(/^#/, "")).trim();
  } catch {
    return null; // a mangled escape: not a link we sent
  }
  return z.safeParse(LinkToken, token).success ? token : null;
}

/** True when the server says the link is unknown, used or expired: a 404 (or 410), or a 400 that names the token. */
export function isDeadLink(error: unknown): boolean {
  if (!(error instanceof HttpError)) return false;
  if (error.status === 404 || error.status === 410) return true;
  return error.status === 400 && error.fieldErrors.some((e) => e.field === "token");
}
