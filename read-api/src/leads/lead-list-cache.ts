import { createHash } from "node:crypto";
import type { Queryable } from "@crm/infra/db/database";
import { compressedOnce, type Coding } from "@crm/infra/http/content-coding";

/** One rendered list: the JSON the API sends, its entity tag, and the JSON compressed once per coding asked for. */
export interface LeadList {
  etag: string;
  json: Buffer;
  compressed(coding: Coding): Promise<Buffer>;
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

/** What a watched stamp needs of the checkpoint watcher (read-api/src/checkpoint-watcher.ts). */
export interface StampWatcher {
  epoch(): number;
}

/**
 * leadsStamp, asked of the database only when it may have moved: the checkpoint watcher hears
 * of every commit of the projector (its notices) and of every query of the checkpoints, and its
 * epoch moves with each. While the epoch stands and the stamp is younger than maxAgeMs, the last
 * stamp still holds, and a cached list is answered without a query. A reader that waited for its
 * own write (X-Min-Position) waited for a notice or a query that moved the epoch, so it always
 * gets a fresh stamp; the age bounds how long anyone else may be served a list one commit old
 * should the notices be lost.
 */
export function watchedLeadsStamp(
  db: Queryable,
  watcher: StampWatcher,
  { maxAgeMs = 1_000, now = Date.now }: { maxAgeMs?: number; now?: () => number } = {},
): () => Promise<string> {
  let known: { epoch: number; at: number; stamp: Promise<string> } | undefined;
  return () => {
    const epoch = watcher.epoch();
    const at = now();
    if (known && known.epoch === epoch && at - known.at < maxAgeMs) return known.stamp;
    // Taken before the query: a notice that comes while it runs moves the epoch, so the next read asks again.
    const stamp = leadsStamp(db);
    const asked = { epoch, at, stamp };
    known = asked;
    stamp.catch(() => {
      if (known === asked) known = undefined;
    });
    return stamp;
  };
}

export interface LeadListCacheOptions {
  /** Rendered bytes kept at most; the least recently used lists go first. */
  maxBytes?: number;
  /** Where the read model's stamp comes from (watchedLeadsStamp); by default a query at every read. */
  stamp?: () => Promise<string>;
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
  { maxBytes = 64 * 1024 * 1024, stamp = () => leadsStamp(db) }: LeadListCacheOptions = {},
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
    return {
      etag: `"${createHash("sha1").update(`${at}\n${key}`).digest("base64url").slice(0, 20)}"`,
      json,
      compressed: compressedOnce(json),
    };
  }

  function remember(key: string, at: string, list: Promise<LeadList>) {
    const entry = { stamp: at, list, bytes: 0 };
    lists.set(key, entry);
    list.then(
      ({ json }) => {
        if (lists.get(key) !== entry) return;
        entry.bytes = json.length * 2; // room for its compressed copies
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
      const at = await stamp();
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
