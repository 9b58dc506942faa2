import type { Request } from "express";

/** Where clients reach the app, for links in mails: PUBLIC_URL, else the origin the browser called us from. */
export function siteOrigin(req: Request, publicUrl: string | undefined): string {
  if (publicUrl) return publicUrl.replace(/\/+$/, "");
  const origin = req.get("origin");
  if (origin && URL.canParse(origin) && /^https?:$/.test(new URL(origin).protocol)) return new URL(origin).origin;
  return `${req.protocol}://${req.get("host") ?? "localhost"}`;
}
