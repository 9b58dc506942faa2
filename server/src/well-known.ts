import express, { type RequestHandler, type Router } from "express";
import { fromAddress } from "@crm/contracts/settings/state";
import type { Config } from "@crm/infra/config";

/**
 * The files the server writes for crawlers and security researchers, and the headers that keep the
 * app out of search results (docs/decisions/054-http-semantics.md). The static ones (favicon, web
 * manifest, icons) are files of ui/public, which the UI build copies into ui/dist.
 */

/**
 * What a crawler may fetch: the sign-in page and what it needs to render (the build's scripts and
 * styles, the favicon). Everything else is private, and a client's link (/onboarding-form/<token>) is
 * a secret, so the rest is disallowed: the longest matching rule wins (RFC 9309 §2.2.2).
 */
const ROBOTS_TXT = ["User-agent: *", "Allow: /login", "Allow: /assets/", "Allow: /favicon.", "Disallow: /", ""].join("\n");

/** The only paths a search engine may index: the sign-in page, optionally with a trailing slash. */
const INDEXABLE_PAGE = /^\/login\/?$/i;

/**
 * Whether a path names a file (its last segment has an extension), outside the API: a script, an
 * image, robots.txt. The UI's own routes never do, so such a path the build lacks is a 404, never
 * the app's HTML (which a crawler would take for the file).
 */
export const namesFile = (urlPath: string) => /^\/(?!api\/)(?:[^/]+\/)*[^/]+\.[a-z0-9]+$/i.test(urlPath);

/**
 * `X-Robots-Tag: noindex` on every answer but the sign-in page and the files (robots.txt, the
 * assets the sign-in page loads), so that no other page, API answer or client link is indexed even
 * when a link to it leaks. (`Referrer-Policy: no-referrer`, which keeps such links from leaking
 * through the Referer header, is helmet's default.)
 */
export const noIndex: RequestHandler = (req, res, next) => {
  if (!INDEXABLE_PAGE.test(req.path) && !namesFile(req.path)) res.setHeader("X-Robots-Tag", "noindex");
  next();
};

/** How long a copy of security.txt stays valid: under a year, as RFC 9116 §2.5.5 recommends. */
const SECURITY_TXT_DAYS = 364;
const DAY_MS = 86_400_000;

/** The Contact URI: SECURITY_CONTACT as given when it is a URI, else (an address) as mailto:. */
function contactUri(config: Pick<Config, "SECURITY_CONTACT" | "MAIL_FROM">): string {
  const contact = config.SECURITY_CONTACT ?? fromAddress(config.MAIL_FROM);
  return /^(mailto|https|tel):/i.test(contact) ? contact : `mailto:${contact}`;
}

/** RFC 9116's fields, written at request time so that Expires never passes while the server runs. */
export function securityTxt(config: Pick<Config, "SECURITY_CONTACT" | "MAIL_FROM" | "PUBLIC_URL">, now: Date): string {
  const expires = new Date(now.getTime() + SECURITY_TXT_DAYS * DAY_MS).toISOString().replace(/\.\d{3}Z$/, "Z");
  const lines = [`Contact: ${contactUri(config)}`, `Expires: ${expires}`, "Preferred-Languages: en"];
  if (config.PUBLIC_URL) lines.push(`Canonical: ${new URL("/.well-known/security.txt", config.PUBLIC_URL).href}`);
  return `${lines.join("\n")}\n`;
}

/** GET /robots.txt and GET /.well-known/security.txt, served with the UI. */
export function wellKnownRoutes(config: Config, now: () => Date): Router {
  const router = express.Router();
  router.get("/robots.txt", (_req, res) => void res.type("text/plain; charset=utf-8").send(ROBOTS_TXT));
  router.get("/.well-known/security.txt", (_req, res) => void res.type("text/plain; charset=utf-8").send(securityTxt(config, now())));
  return router;
}
