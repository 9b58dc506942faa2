import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import type { Request } from "express";

/**
 * Who may read operational detail (metrics, each read model's health): this host, or the bearer
 * of METRICS_TOKEN. Shared by /api/metrics and /api/health so both answer the same callers.
 */

const digest = (text: string) => createHash("sha256").update(text).digest();

/** req.ip, not the socket: behind a trusted proxy on this host the socket is loopback for everyone. */
export function fromLoopback(req: Request): boolean {
  const ip = (req.ip ?? "").replace(/^::ffff:/, "");
  return isIP(ip) !== 0 && (ip === "::1" || ip.startsWith("127."));
}

/** Compares digests in constant time, so the answer's timing says nothing about the token. */
export function bearerMatches(req: Request, token: string): boolean {
  const presented = /^Bearer\s+(\S+)\s*$/i.exec(req.get("authorization") ?? "")?.[1];
  return presented !== undefined && timingSafeEqual(digest(presented), digest(token));
}
