import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { request, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import express, { type ErrorRequestHandler } from "express";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { availableBackends } from "@crm/infra/testing/test-database";
import { inlineScriptSources, staticAssets } from "../src/static-assets.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";
import { rawRequest, type RawAnswer } from "../testing/raw-request.ts";
import { clientFor, uniqueWord, type LeadClient } from "./leads-helpers.ts";

/** The body as the client reads it after undoing its Content-Encoding. */
function decoded({ headers, body }: RawAnswer): Buffer {
  if (headers["content-encoding"] === "br") return brotliDecompressSync(body);
  if (headers["content-encoding"] === "gzip") return gunzipSync(body);
  expect(headers["content-encoding"]).toBeUndefined();
  return body;
}

const ENCODED = { br: ".br", gzip: ".gz" } as const;

/**
 * The UI as `npm run build` makes it, built here into a folder of the test's own: on a clean
 * clone `npm test` runs before any build, and ui/dist may be rebuilt meanwhile by the journeys.
 */
describe("the built UI, served precompressed by content negotiation", () => {
  let dist: string;
  let server: Server;
  let base: string;
  let assets: string[];
  beforeAll(async () => {
    dist = mkdtempSync(path.join(tmpdir(), "crm-ui-dist-"));
    await build({
      configFile: path.resolve(import.meta.dirname, "../../ui/vite.config.ts"),
      build: { outDir: dist, emptyOutDir: true },
      logLevel: "silent",
    });
    const app = express();
    app.use(staticAssets(dist));
    app.use(((error: { status?: number }, _req, res, _next) => void res.status(error.status ?? 500).end()) satisfies ErrorRequestHandler);
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    assets = readdirSync(path.join(dist, "assets")).filter((name) => !name.endsWith(".br") && !name.endsWith(".gz"));
  }, 180_000);
  afterAll(() => {
    server?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  it("has a brotli and a gzip copy of every JavaScript and CSS file of 1 KB or more", () => {
    expect(assets.filter((name) => name.endsWith(".js")).length).toBeGreaterThan(10);
    expect(assets.some((name) => name.endsWith(".css"))).toBe(true);
    const large = assets.filter((name) => statSync(path.join(dist, "assets", name)).size >= 1024);
    for (const name of large)
      for (const suffix of Object.values(ENCODED)) expect(statSync(path.join(dist, "assets", `${name}${suffix}`)).isFile()).toBe(true);
  });

  it("paints from index.html alone: the stylesheet inside it, the theme script inside it and allowed by its hash, the app preloaded", () => {
    const html = readFileSync(path.join(dist, "index.html"), "utf8");
    expect(html).not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html).toMatch(/<style>[^<]*\.animate-spin/);
    expect(html).not.toMatch(/<script(?![^>]*type="module")[^>]*\ssrc=/); // no classic script file before the first paint
    expect(html).toMatch(/<script>[^<]*localStorage\.getItem\("theme"\)/);
    // One source per inline script, in the CSP's form (Chromium checks the hash itself: e2e shell.spec.ts).
    expect(inlineScriptSources(dist)).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/)]);
    const preloads = Array.from(html.matchAll(/<link rel="modulepreload" crossorigin href="\/(assets\/[^"]+)"/g), ([, file]) => file!);
    expect(preloads.some((file) => /\/start-[\w-]+\.js$/.test(file))).toBe(true);
    for (const file of preloads) expect(statSync(path.join(dist, file)).isFile()).toBe(true);
  });

  it("answers every hashed asset in the encoding asked for, or as it is, with the same bytes once decoded", async () => {
    for (const name of assets) {
      const file = readFileSync(path.join(dist, "assets", name));
      const plain = await rawRequest(`${base}/assets/${name}`);
      expect(plain.status).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body.equals(file)).toBe(true);
      expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      for (const [coding, suffix] of Object.entries(ENCODED)) {
        const answer = await rawRequest(`${base}/assets/${name}`, { "accept-encoding": coding });
        expect(answer.status).toBe(200);
        // The build leaves out a copy that is not smaller than the file (a 164-byte icon's gzip): then the file goes as it is.
        let copy: Buffer | undefined;
        try {
          copy = readFileSync(path.join(dist, "assets", `${name}${suffix}`));
        } catch {
          copy = undefined;
        }
        expect(answer.headers["content-encoding"], `${name} asked for ${coding}`).toBe(copy ? coding : undefined);
        expect(answer.headers["content-length"]).toBe(String((copy ?? file).length));
        expect(decoded(answer).equals(file)).toBe(true);
        expect(answer.headers["content-type"]).toBe(plain.headers["content-type"]);
        expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
        expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      }
    }
  });

  it("prefers brotli among equals, and follows the client's q-values", async () => {
    const name = assets.find((n) => n.endsWith(".css"))!;
    const codingFor = async (accept: string) =>
      (await rawRequest(`${base}/assets/${name}`, { "accept-encoding": accept })).headers["content-encoding"];
    expect(await codingFor("gzip, deflate, br, zstd")).toBe("br");
    expect(await codingFor("br;q=0.5, gzip")).toBe("gzip");
    expect(await codingFor("*")).toBe("br");
    expect(await codingFor("br;q=0, gzip;q=0")).toBeUndefined();
    expect(await codingFor("deflate")).toBeUndefined();
  });

  it("answers HEAD with the headers of GET and Range with the asked bytes of the encoded file", async () => {
    const name = assets.find((n) => n.endsWith(".css"))!;
    const brotli = readFileSync(path.join(dist, "assets", `${name}.br`));
    const head = await rawRequest(`${base}/assets/${name}`, { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.headers["content-length"]).toBe(String(brotli.length));
    expect(head.body.length).toBe(0);
    const part = await rawRequest(`${base}/assets/${name}`, { "accept-encoding": "br", range: "bytes=0-99" });
    expect(part.status).toBe(206);
    expect(part.headers["content-range"]).toBe(`bytes 0-99/${brotli.length}`);
    expect(part.body.equals(brotli.subarray(0, 100))).toBe(true);
  });

  it("answers the UI's routes with index.html, compressed and revalidated each time; a missing asset is a 404", async () => {
    const index = readFileSync(path.join(dist, "index.html"));
    const page = await rawRequest(`${base}/leads`, { "accept-encoding": "gzip, br" });
    expect(page.status).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(decoded(page).equals(index)).toBe(true);
    const again = await rawRequest(`${base}/leads`, { "accept-encoding": "gzip, br", "if-none-match": String(page.headers.etag) });
    expect(again.status).toBe(304);
    expect((await rawRequest(`${base}/assets/gone-12345678.js`)).status).toBe(404);
  });
});

const [backend] = await availableBackends();

describe(`API answers: compressed when large, revalidated by ETag, on ${backend}`, () => {
  const fixture = appWithPartner(backend!);
  let api: LeadClient;
  beforeAll(() => void (api = clientFor(fixture.app, fixture.partner)));

  it("compresses a JSON answer over 1 KB, brotli first, and leaves a small one as it is, both with Vary", async () => {
    const plain = await rawRequest(`${fixture.app.url}/api/openapi.json`);
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const coding of ["br", "gzip"]) {
      const answer = await rawRequest(`${fixture.app.url}/api/openapi.json`, { "accept-encoding": `gzip, ${coding}` });
      expect(answer.headers["content-encoding"]).toBe(coding);
      expect(answer.headers.vary).toMatch(/Accept-Encoding/i);
      expect(answer.body.length).toBeLessThan(plain.body.length / 3);
      expect(decoded(answer).equals(plain.body)).toBe(true);
    }
    const small = await rawRequest(`${fixture.app.url}/api/stats`, { ...fixture.partner.headers, "accept-encoding": "br, gzip" });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toMatch(/Accept-Encoding/i);
  });

  it("compresses the lead list too, brotli first", async () => {
    const word = uniqueWord();
    for (let i = 0; i < 10; i++) await api.createLead({ name: `${word} ${i}` });
    await api.get(`/api/leads?search=${word}`); // waits for the projector to pass the last command
    const plain = await rawRequest(`${fixture.app.url}/api/leads?search=${word}`, fixture.partner.headers);
    const brotli = await rawRequest(`${fixture.app.url}/api/leads?search=${word}`, { ...fixture.partner.headers, "accept-encoding": "gzip, br" });
    expect(plain.body.length).toBeGreaterThan(1024);
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(decoded(brotli).equals(plain.body)).toBe(true);
  });

  it("streams the live notices uncompressed, the first event arriving at once", async () => {
    const first = await new Promise<{ headers: IncomingHttpHeaders; chunk: string }>((resolve, reject) => {
      const req = request(`${fixture.app.url}/api/events/stream`, { headers: { ...fixture.partner.headers, "accept-encoding": "br, gzip" } }, (res) => {
        res.once("data", (chunk: Buffer) => {
          resolve({ headers: res.headers, chunk: chunk.toString("utf8") });
          req.destroy();
        });
      });
      req.on("error", reject);
      req.end();
    });
    expect(first.headers["content-type"]).toMatch(/^text\/event-stream/);
    expect(first.headers["content-encoding"]).toBeUndefined();
    expect(first.chunk).toMatch(/^retry: \d+\nevent: ready\n/);
  });

  it("marks every read private, no-cache with an ETag, and a revalidation of an unchanged answer is a 304", async () => {
    const first = await rawRequest(`${fixture.app.url}/api/stats`, fixture.partner.headers);
    expect(first.headers["cache-control"]).toBe("private, no-cache");
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await rawRequest(`${fixture.app.url}/api/stats`, { ...fixture.partner.headers, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("makes a revalidation wait for X-Min-Position like any read: never a 304 from before one's own write", async () => {
    const before = await rawRequest(`${fixture.app.url}/api/stats`, fixture.partner.headers);
    await fixture.app.projector.stop(); // the read models stand still: without the wait, the revalidation would be a 304
    let after: RawAnswer;
    try {
      const created = await api.post("/api/leads", {
        name: `${uniqueWord()} counted`,
        business: "Biz",
        email: `${uniqueWord()}@example.com`,
      });
      expect(created.status).toBe(201);
      const position = String(created.body.position);
      const revalidation = rawRequest(`${fixture.app.url}/api/stats`, {
        ...fixture.partner.headers,
        "if-none-match": String(before.headers.etag),
        "x-min-position": position,
      });
      await fixture.app.projector.start();
      after = await revalidation;
    } finally {
      await fixture.app.projector.start();
    }
    expect(after.status).toBe(200);
    const counts = (answer: RawAnswer) => (JSON.parse(answer.body.toString("utf8")) as { newLeads: number }).newLeads;
    expect(counts(after)).toBe(counts(before) + 1);
  });

  it("marks the session's own answers no-store", async () => {
    for (const url of ["/api/auth/me", "/api/profile"]) {
      const answer = await rawRequest(`${fixture.app.url}${url}`, fixture.partner.headers);
      expect(answer.status, url).toBe(200);
      expect(answer.headers["cache-control"], url).toBe("no-store");
    }
  });
});
