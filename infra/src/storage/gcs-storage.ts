import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { assertFolderPrefix, assertKey, type FileStorage } from "./file-storage.ts";

export interface GcsOptions {
  bucket: string;
  /** https://storage.googleapis.com, or a local stand-in. */
  endpoint: string;
  /** A bearer token per request; undefined sends none (an emulator). */
  token?: () => Promise<string>;
}

/**
 * Google Cloud Storage over its JSON API with fetch (the @google-cloud/storage package is not
 * a dependency: decisions/013, 042). Objects stay private; the API streams them to signed-in staff.
 */
export function gcsStorage(options: GcsOptions): FileStorage {
  const base = options.endpoint.replace(/\/+$/, "");
  const bucket = encodeURIComponent(options.bucket);
  const objectUrl = (key: string) => `${base}/storage/v1/b/${bucket}/o/${encodeURIComponent(key)}`;
  const headers = async (extra: Record<string, string> = {}) =>
    options.token ? { ...extra, authorization: `Bearer ${await options.token()}` } : extra;
  const fail = async (what: string, res: Response) => new Error(`GCS ${what} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  const remove = async (key: string) => {
    assertKey(key);
    const res = await fetch(objectUrl(key), { method: "DELETE", headers: await headers() });
    if (!res.ok && res.status !== 404) throw await fail("delete", res);
    await res.body?.cancel();
  };

  return {
    kind: "gcs",
    async put(key, body, contentType) {
      assertKey(key);
      const url = `${base}/upload/storage/v1/b/${bucket}/o?uploadType=media&name=${encodeURIComponent(key)}&ifGenerationMatch=0`;
      const res = await fetch(url, {
        method: "POST",
        headers: await headers({ "content-type": contentType }),
        body: Readable.toWeb(body) as ReadableStream,
        duplex: "half",
      } as RequestInit);
      if (!res.ok) throw await fail("upload", res);
      await res.body?.cancel();
    },
    async get(key) {
      assertKey(key);
      const res = await fetch(`${objectUrl(key)}?alt=media`, { headers: await headers() });
      if (res.status === 404) {
        await res.body?.cancel();
        return undefined;
      }
      if (!res.ok || !res.body) throw await fail("download", res);
      const length = res.headers.get("content-length");
      return { stream: Readable.fromWeb(res.body as WebReadableStream), size: length === null ? undefined : Number(length) };
    },
    delete: remove,
    async deletePrefix(prefix) {
      assertFolderPrefix(prefix);
      for (let pageToken: string | undefined; ;) {
        const query = new URLSearchParams({ prefix, fields: "items(name),nextPageToken", ...(pageToken ? { pageToken } : {}) });
        const res = await fetch(`${base}/storage/v1/b/${bucket}/o?${query}`, { headers: await headers() });
        if (!res.ok) throw await fail("list", res);
        const page = (await res.json()) as { items?: { name: string }[]; nextPageToken?: string };
        for (const item of page.items ?? []) await remove(item.name);
        if (!page.nextPageToken) return;
        pageToken = page.nextPageToken;
      }
    },
  };
}
