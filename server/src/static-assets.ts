import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import path from "node:path";
import express, { type Request, type Response, type Router } from "express";
import serveStatic from "serve-static";
import { NotFoundError } from "@crm/contracts/api/errors";
import { chooseCoding, type Coding } from "@crm/infra/http/content-coding";
import { namesFile } from "./well-known.ts";

/** What the UI build adds to a file's name for each coding it writes beside it (vite-plugin-compression2 in ui/vite.config.ts). */
const SUFFIXES: Record<Coding, string> = { br: ".br", gzip: ".gz" };

/** Hashed file names (Vite's /assets/name-HASH.ext) never change content: cached for a year without asking again. */
const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Everything else (index.html, favicon, manifest) keeps its name across deploys: the browser
 * may keep it but asks each time (If-None-Match / If-Modified-Since), so a deploy shows at once.
 */
const REVALIDATE = "no-cache";

/**
 * The built UI (ui/dist), each file sent in the best encoding the client accepts of those the
 * build made for it (Accept-Encoding with its q-values), with `Vary: Accept-Encoding`, the original
 * file's Content-Type, and the chosen file's Content-Length, ETag, HEAD and Range (serve-static,
 * the library express.static is). Paths the build does not have get index.html (the UI's routes),
 * except those naming a file (a missing hashed script, /sitemap.xml): a 404, not HTML that a script
 * tag cannot run or a crawler would take for the file.
 */
export function staticAssets(dist: string): Router {
  const router = express.Router();
  if (!existsSync(path.join(dist, "index.html"))) {
    router.get(/.*/, (_req, res) => void res.type("text").send("The UI is not built: run `npm run build`."));
    return router;
  }
  const codings = encodedCopies(dist);
  const hashed = `${path.join(dist, "assets")}${path.sep}`;
  const cacheHeaders = (res: ServerResponse, file: string) =>
    res.setHeader("Cache-Control", file.startsWith(hashed) ? IMMUTABLE : REVALIDATE);
  const files = serveStatic<ServerResponse>(dist, { index: false, cacheControl: false, setHeaders: cacheHeaders });

  const send = (urlPath: string, req: Request, res: Response, next: (error?: unknown) => void) => {
    const available = codings.get(urlPath) ?? [];
    const original = req.url;
    if (available.length > 0) {
      res.vary("Accept-Encoding");
      const coding = chooseCoding(req, available);
      if (coding) {
        res.setHeader("Content-Encoding", coding);
        res.type(path.extname(urlPath)); // the original's type: serve-static keeps a Content-Type already set
        req.url = urlPath + SUFFIXES[coding];
      }
    }
    files(req, res, (error?: unknown) => {
      req.url = original;
      // serve-static found no such file: take back what was set for the variant.
      res.removeHeader("Content-Encoding");
      next(error);
    });
  };

  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const urlPath = decodedPath(req.path);
    if (urlPath === undefined) return next(); // a malformed escape: not one of our files
    send(urlPath, req, res, next);
  });
  router.get(/.*/, (req, res, next) => {
    if (namesFile(req.path)) return next(new NotFoundError(req.originalUrl));
    req.url = "/index.html";
    send("/index.html", req, res, next);
  });
  return router;
}

/**
 * Which encoded copies the build left beside each file, by URL path ("/assets/index-ab12.js" →
 * br, gzip). Read once: a build replaces the whole folder, and the server is started after it.
 * A copy the plugin left out (not smaller than the file) is simply not offered.
 */
function encodedCopies(dist: string): Map<string, Coding[]> {
  const found = new Map<string, Coding[]>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const coding = (Object.keys(SUFFIXES) as Coding[]).find((c) => entry.name.endsWith(SUFFIXES[c]));
    if (!coding) continue;
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name.slice(0, -SUFFIXES[coding].length)));
    if (relative.split(path.sep).some((part) => part.startsWith("."))) continue; // .vite/: serve-static never sends dotfiles
    const urlPath = `/${relative.split(path.sep).join("/")}`;
    found.set(urlPath, [...(found.get(urlPath) ?? []), coding]);
  }
  return found;
}

function decodedPath(urlPath: string): string | undefined {
  try {
    return decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
}

/**
 * The CSP sources that allow the built index.html's inline scripts, each by its SHA-256
 * ('sha256-…'), and nothing else inline: the stored theme is applied by a script inside the page,
 * so the first paint waits for no request (decision 056). Read once, when the server starts; none
 * before the UI is built.
 */
export function inlineScriptSources(dist: string): string[] {
  const page = path.join(dist, "index.html");
  if (!existsSync(page)) return [];
  const html = readFileSync(page, "utf8");
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash("sha256").update(body!).digest("base64")}'`,
  );
}
