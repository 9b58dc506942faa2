import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { startAppOnDatabase, type AppOnDatabaseOptions, type TestApp } from "../../../testing/test-app.ts";

/** The whole app (commands, reads, projector) in this process on a given Postgres URL, as main.ts composes it. */
export async function startAppOn(databaseUrl: string, extra: Pick<AppOnDatabaseOptions, "chain"> = {}): Promise<TestApp> {
  const db = createPostgresDatabase(databaseUrl);
  return startAppOnDatabase(db, { env: { DATABASE_URL: databaseUrl }, databaseUrl, release: () => db.close(), ...extra });
}
