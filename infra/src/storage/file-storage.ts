import type { Readable } from "node:stream";

/** An object read back from storage. */
export interface StoredObject {
  stream: Readable;
  size: number | undefined;
}

/**
 * Where uploaded files live (docs/decisions/013-creative-streams-and-files.md): the local folder by default, Google Cloud Storage when
 * configured. Keys are chosen by the server ("leads/<leadId>/<fileId>"), never by the client.
 */
export interface FileStorage {
  readonly kind: "local" | "gcs";
  /** Stores the stream under key; nothing is left behind when the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object, or undefined when it does not exist. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
  /** Deletes every object whose key starts with prefix (a lead's folder, decisions/039), unfinished uploads included. */
  deletePrefix(prefix: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/-]{0,300}$/;

/** Refuses keys that could escape the storage root or need escaping. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key ${key}`);
}

/** The folder of a lead's uploaded files: what an erasure deletes (decisions/039). */
export const leadFilesPrefix = (leadId: string) => `leads/${leadId}/`;

/** The key of an uploaded file. */
export const fileKey = (leadId: string, fileId: string) => `${leadFilesPrefix(leadId)}${fileId}`;

/** Refuses a prefix that is not a folder's (deletePrefix("leads/1") would also take "leads/10/…"). */
export function assertFolderPrefix(prefix: string): void {
  assertKey(prefix);
  if (!prefix.endsWith("/")) throw new Error(`A prefix to delete names a folder, ending in /: ${prefix}`);
}
