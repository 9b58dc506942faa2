import type { IncomingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import Negotiator from "negotiator";

/**
 * The content codings we compress answers in, best first: when a client accepts several equally
 * (browsers send "gzip, deflate, br, zstd", all at q=1), brotli goes, being the smaller
 * (docs/decisions/051-compression-and-caching.md).
 */
export const CODINGS = ["br", "gzip"] as const;
export type Coding = (typeof CODINGS)[number];

/** Answers smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

/** Brotli at quality 4 for answers compressed when asked (compression's default for dynamic answers; 11, the build's, is for files made once). */
export const ANSWER_BROTLI_QUALITY = 4;

/**
 * The coding to send a body in, of those it is available in: the client's highest q-value wins
 * (Accept-Encoding), CODINGS' order among equals; undefined when the client accepts none of them
 * (then the body goes as it is, identity being always acceptable unless refused outright).
 */
export function chooseCoding(req: { headers: IncomingHttpHeaders }, available: readonly Coding[] = CODINGS): Coding | undefined {
  const offered = [...CODINGS.filter((coding) => available.includes(coding)), "identity"];
  const chosen = new Negotiator(req).encoding(offered, { preferred: offered });
  return available.find((coding) => coding === chosen);
}

const compressors: Record<Coding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) => promisify(brotliCompress)(body, { params: { [constants.BROTLI_PARAM_QUALITY]: ANSWER_BROTLI_QUALITY } }),
  gzip: (body) => promisify(gzip)(body),
};

/** Compresses a body kept for many answers once per coding asked for, on libuv's pool. */
export function compressedOnce(body: Buffer): (coding: Coding) => Promise<Buffer> {
  const made = new Map<Coding, Promise<Buffer>>();
  return (coding) => {
    let compressed = made.get(coding);
    if (!compressed) made.set(coding, (compressed = compressors[coding](body)));
    return compressed;
  };
}
