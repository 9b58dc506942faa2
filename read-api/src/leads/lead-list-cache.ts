import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Queryable } from "@crm/infra/db/database";

const gzipAsync = promisify(gzip);

/** One rendered list: the JSON the API sends, its gzip made on first demand, and its entity tag. */
export interface LeadList {
  etag: string;
  json: Buffer;
  gzipped(): Promise<Buffer>;
}

export interface LeadListCache<Q> {
  /** The answer to this query as of now: from memory while the leads read model has not moved. */
  get(query: Q): Promise<LeadList>;
}

/**
 * What the leads read model is as of now: the "leads" checkpoint (the projector moves it in the
 * same transaction as its writes) and the leads table's oid (a blue/green rebuild swaps in a new
 * table, even at the same position). While it holds, nothing read from that table can differ.
 */
export async function leadsStamp(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ stamp: string }>(
    `SELECT position || '.' || 'leads'::regclass::oid AS stamp FROM projection_checkpoints WHERE name = 'leads'`,
  );
  return rows[0]?.stamp ?? "unbuilt";
}

export interface LeadListCacheOptions {
  /** Rendered bytes kept at most; the least recently used lists go first. */
  maxBytes?: number;
}

/**
 * The lists are the heaviest reads (all ten thousand leads are about 5 MB of JSON): each rendered
 * answer is kept with the leadsStamp it was rendered under, and while the stamp holds the same
 * query (a flat object: filter, page sizes) gets the same bytes, and clients revalidating with
 * If-None-Match get 304. The stamp is read before the list, so a list is never older than its
 * stamp; concurrent misses for one query share one render.
 */
export function createLeadListCache<Q extends object>(
  db: Queryable,
  renderJson: (query: Q) => Promise<string>,
  { maxBytes = 64 * 1024 * 1024 }: LeadListCacheOptions = {},
): LeadListCache<Q> {
  const lists = new Map<string, { stamp: string; list: Promise<LeadList>; bytes: number }>(); // in least-recently-used order
  let bytes = 0;

  function forget(key: string) {
    const entry = lists.get(key);
    if (!entry) return;
    lists.delete(key);
    bytes -= entry.bytes;
  }

  async function render(key: string, at: string, query: Q): Promise<LeadList> {
    const json = Buffer.from(await renderJson(query));
    let compressed: Promise<Buffer> | undefined;
    return {
      etag: `"${createHash("sha1").update(`${at}\n${key}`).digest("base64url").slice(0, 20)}"`,
      json,
      gzipped: () => (compressed ??= gzipAsync(json)),
    };
  }

  function remember(key: string, at: string, list: Promise<LeadList>) {
    const entry = { stamp: at, list, bytes: 0 };
    lists.set(key, entry);
    list.then(
      ({ json }) => {
        if (lists.get(key) !== entry) return;
        entry.bytes = json.length * 2; // room for its gzip
        bytes += entry.bytes;
        for (const [oldest] of lists) {
          if (bytes <= maxBytes || oldest === key) break;
          forget(oldest);
        }
      },
      () => {
        if (lists.get(key) === entry) lists.delete(key);
      },
    );
  }

  return {
    async get(query) {
      const key = JSON.stringify(query, Object.keys(query).sort());
      const at = await leadsStamp(db);
      const hit = lists.get(key);
      if (hit?.stamp === at) {
        lists.delete(key);
        lists.set(key, hit);
        return hit.list;
      }
      forget(key);
      const list = render(key, at, query);
      remember(key, at, list);
      return list;
    },
  };
}
