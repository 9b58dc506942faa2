import type { Readable } from "node:stream";

/** An object read back from storage. */
export interface StoredObject {
  stream: Readable;
  size: number | undefined;
}

/**
 * Where uploaded files live (DESIGN.md §7): the local folder by default, Google Cloud Storage when
 * configured. Keys are chosen by the server ("leads/<leadId>/<fileId>"), never by the client.
 */
export interface FileStorage {
  readonly kind: "local" | "gcs";
  /** Stores the stream under key; nothing is left behind when the stream fails. */
  put(key: string, body: Readable, contentType: string): Promise<void>;
  /** The object, or undefined when it does not exist. */
  get(key: string): Promise<StoredObject | undefined>;
  delete(key: string): Promise<void>;
}

const KEY = /^[a-z0-9][a-z0-9/-]{0,300}$/;

/** Refuses keys that could escape the storage root or need escaping. */
export function assertKey(key: string): void {
  if (!KEY.test(key) || key.includes("..") || key.includes("//")) throw new Error(`Invalid storage key ${key}`);
}

/** The key of an uploaded file. */
export const fileKey = (leadId: string, fileId: string) => `leads/${leadId}/${fileId}`;
