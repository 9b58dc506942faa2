import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { loadConfig } from "@crm/infra/config";
import type { Database } from "@crm/infra/db/database";
import { openSystem } from "@crm/server/system";
import { signUpAs } from "@crm/server/testing/sign-up-as";
import type { TestApp } from "@crm/server/testing/test-app";

/** A Partner's bearer token, made directly in the database an app process uses (no HTTP, no rate limit). */
export async function partnerToken(db: Database, databaseUrl: string): Promise<string> {
  const config = loadConfig({ DATABASE_URL: databaseUrl, LOG_LEVEL: "silent", DATA_DIR: mkdtempSync(path.join(tmpdir(), "crm-bench-")) });
  const system = await openSystem(config, db);
  const { token } = await signUpAs({ system } as TestApp, { role: "Partner" });
  return token;
}
