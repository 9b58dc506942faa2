import { request, type IncomingHttpHeaders } from "node:http";

/** An answer as it came over the wire: its status, headers and undecoded bytes. */
export interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A request that shows the bytes on the wire, for tests of encodings and revalidation: fetch would
 * decode them (hiding Content-Encoding) and add Cache-Control: no-cache to conditional requests.
 */
export function rawRequest(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end();
  });
}
