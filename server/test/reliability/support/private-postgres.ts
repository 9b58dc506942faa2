import pg from "pg";
import {
  destroySandbox,
  sandboxUnavailable,
  startSandbox,
  startServer,
  stopServer,
  type Sandbox,
} from "../../../../scripts/pg-sandbox.mjs";
import { freePort } from "./service-process.ts";

export { sandboxUnavailable };

export interface PrivatePostgres {
  /** A database of its own on the private server. */
  url: string;
  restart(downMs: number): Promise<void>;
  /** pg_terminate_backend on every other connection to the database; resolves to how many. */
  killConnections(): Promise<number>;
  destroy(): Promise<void>;
}

/** A Postgres 15 of this test's own on a port in 5490-5499: it may be stopped and killed at will. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const sandbox: Sandbox = await startSandbox(await freePort(5490, 5499));
  const admin = new pg.Client({ connectionString: sandbox.url });
  await admin.connect();
  await admin.query("CREATE DATABASE crm");
  await admin.end();
  const url = sandbox.url.replace(/\/postgres$/, "/crm");
  return {
    url,
    async restart(downMs) {
      await stopServer(sandbox);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await startServer(sandbox);
    },
    async killConnections() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "SELECT pg_terminate_backend(pid) AS killed FROM pg_stat_activity WHERE datname = 'crm' AND pid <> pg_backend_pid()",
        );
        return rows.filter((r) => r.killed).length;
      } finally {
        await client.end();
      }
    },
    destroy: () => destroySandbox(sandbox),
  };
}
