// Reads the entry starts before the app renders (decision 056). This module belongs to the entry alone:
// imported by lib/ as well, the bundler would move it into core with everything it needs. So it imports
// nothing: the cookie's name is contracts' SIGNED_IN_COOKIE spelled out (early-reads.test.ts checks
// they agree), and the URL is the session check's (lib/session.ts, which asks again on focus).

/** The server's script-readable signed-in hint (contracts/src/auth/answers.ts, SIGNED_IN_COOKIE). */
export const SIGNED_IN_HINT = "crm_signed_in";

/** Reads by URL, each a fetch already under way. */
export type EarlyReads = Record<string, Promise<Response>>;

/**
 * With the signed-in hint among the page's cookies, GET /api/auth/me at once: every screen's first read
 * is the session check, and the route waits for it. Started here, it travels beside the app's code
 * instead of after it. Without the hint, nothing (a signed-out visitor's 401 would be a console error).
 */
export function startEarlyReads(cookies: string): EarlyReads {
  if (!cookies.split("; ").some((cookie) => cookie.startsWith(`${SIGNED_IN_HINT}=`))) return {};
  return { "/api/auth/me": fetch("/api/auth/me", { credentials: "include" }) };
}
