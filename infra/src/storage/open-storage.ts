import path from "node:path";
import type { Config } from "../config.ts";
import type { FileStorage } from "./file-storage.ts";
import { readServiceAccount, serviceAccountTokens } from "./gcs-auth.ts";
import { gcsStorage } from "./gcs-storage.ts";
import { localStorage } from "./local-storage.ts";

/** Google Cloud Storage when GCS_BUCKET is set, else the folder DATA_DIR/files. */
export function openFileStorage(config: Config): FileStorage {
  if (!config.GCS_BUCKET) return localStorage(path.join(config.DATA_DIR, "files"));
  const token = config.GCS_CREDENTIALS ? serviceAccountTokens(readServiceAccount(config.GCS_CREDENTIALS)) : undefined;
  return gcsStorage({ bucket: config.GCS_BUCKET, endpoint: config.GCS_API_ENDPOINT, ...(token ? { token } : {}) });
}
