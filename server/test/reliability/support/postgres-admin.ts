import pg from "pg";
import { TEST_POSTGRES_URL } from "@crm/infra/testing/test-database";

/** The test server's URL with another database name (for dumps restored beside the source). */
export const databaseUrlNamed = (name: string) => Object.assign(new URL(TEST_POSTGRES_URL), { pathname: `/${name}` }).toString();

/** One statement on the test server outside any pool (CREATE / DROP DATABASE cannot run in a transaction). */
export async function adminSql(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
