import { createVerify } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { buffer } from "node:stream/consumers";

const body = (req: IncomingMessage) => buffer(req);

/** A loopback stand-in for Google: the OAuth token endpoint and the Cloud Storage JSON API (bucket-1), in memory. */
export function fakeGoogle(publicKey: string) {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; url: string; auth: string | undefined }[] = [];
  // An upload the adapter abandons (a refused file) resets the connection: that is expected, not an error.
  const server = createServer((req, res) => void handle(req, res).catch(() => res.destroy()));
  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url!, "http://x");
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization });
    if (url.pathname === "/token") {
      const assertion = new URLSearchParams((await body(req)).toString()).get("assertion")!;
      const [h, p, s] = assertion.split(".");
      const valid = createVerify("RSA-SHA256").update(`${h}.${p}`).verify(publicKey, Buffer.from(s!, "base64url"));
      return void res
        .writeHead(valid ? 200 : 401, { "content-type": "application/json" })
        .end(JSON.stringify({ access_token: "tok-1", expires_in: 3600 }));
    }
    if (req.headers.authorization !== "Bearer tok-1") return void res.writeHead(401).end("no token");
    const upload = /^\/upload\/storage\/v1\/b\/bucket-1\/o$/.exec(url.pathname);
    if (upload && req.method === "POST" && url.searchParams.get("uploadType") === "media") {
      const data = await body(req);
      objects.set(url.searchParams.get("name")!, data);
      return void res
        .writeHead(200, { "content-type": "application/json" })
        .end(JSON.stringify({ name: url.searchParams.get("name"), size: String(data.length) }));
    }
    if (url.pathname === "/storage/v1/b/bucket-1/o" && req.method === "GET") {
      // One object a page, so a listing's pages are followed; the token is the last name listed, as deleting goes on.
      const after = url.searchParams.get("pageToken") ?? "";
      const names = [...objects.keys()].filter((name) => name.startsWith(url.searchParams.get("prefix") ?? "") && name > after).sort();
      const page = { items: names.slice(0, 1).map((name) => ({ name })), ...(names.length > 1 ? { nextPageToken: names[0] } : {}) };
      return void res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(page));
    }
    const object = /^\/storage\/v1\/b\/bucket-1\/o\/(.+)$/.exec(url.pathname);
    const key = object ? decodeURIComponent(object[1]!) : "";
    if (object && req.method === "GET" && url.searchParams.get("alt") === "media") {
      const data = objects.get(key);
      return void (data ? res.writeHead(200, { "content-length": data.length }).end(data) : res.writeHead(404).end("{}"));
    }
    if (object && req.method === "DELETE") return void res.writeHead(objects.delete(key) ? 204 : 404).end();
    res.writeHead(400).end("unexpected");
  }
  return { server, objects, seen };
}
