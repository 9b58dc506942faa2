import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, vi } from "vitest";
import { loadAuditKey } from "@crm/infra/audit/audit-key";
import { migrate } from "@crm/infra/db/migrations";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { EVENTUALLY } from "@crm/infra/testing/eventually";
import { createTestDatabase, type TestDatabase } from "@crm/infra/testing/test-database";
import { startHaproxy, type Haproxy } from "../../../../scripts/haproxy.mjs";
import { ALL_MIGRATIONS } from "../../../src/migrations.ts";
import { call } from "../../../testing/http-client.ts";
import { freePort, startService, stopService, type ServiceProcess } from "../../reliability/support/service-process.ts";
import type { Send } from "../../reliability/support/contended-leads.ts";

/** The ports the cluster suites may take. */
const PORTS = { from: 4400, to: 4499 } as const;

export interface Instance {
  /** Its mode and number ("projector-2"), also its connections' application_name in pg_stat_activity. */
  name: string;
  service: ServiceProcess;
  port: number;
  url: string;
}

export interface ClusterOptions {
  commands: number;
  reads: number;
  projectors: number;
  /**
   * What the first command services' environment adds (a fast path switched); a function is called as
   * they start, after the caller's own earlier beforeAll hooks (which may start a server they use).
   */
  commandEnv?: Record<string, string> | (() => Record<string, string>);
}

/** The instances behind haproxy on one fresh Postgres database. Its fields are set once the block's beforeAll has run. */
export interface Cluster {
  /** haproxy in front of the command services and read APIs started first. */
  front: Balancer;
  commands: Instance[];
  reads: Instance[];
  projectors: Instance[];
  /** The event store of the cluster's database, read from this process. */
  store: EventStore;
  database: TestDatabase;
  /** A signed-in Partner's session. */
  token: string;
  /** Requests as the Partner through a balancer. */
  sendThrough(balancer: Balancer): Send;
  /** More command services (as many as the first, unless `count` says), with `env` added to their environment. */
  startCommands(env: Record<string, string>, count?: number): Promise<Instance[]>;
  /** Another haproxy, in front of other servers; it stops with the cluster. */
  balance(servers: Record<string, readonly string[]>): Promise<Balancer>;
}

export interface Balancer {
  haproxy: Haproxy;
  url: string;
}

/** host:port of each instance, for haproxy's server lines. */
export const addresses = (instances: readonly Instance[]) => instances.map((i) => `127.0.0.1:${i.port}`);

/**
 * Starts the cluster before the block's tests and stops it after: the database is migrated once,
 * and the signing key made once in the data folder all instances share, before any of them starts.
 * Each instance is one `server/src/main.ts <mode>` process on a port of its own, its connections named
 * after it (PGAPPNAME, which node-postgres reads as libpq does).
 */
export function clusterOnPostgres(options: ClusterOptions): Cluster {
  const cluster = {} as Cluster;
  let dataDir: string;
  const taken = new Set<number>();
  const services: ServiceProcess[] = [];
  /** Instances started so far, per mode: each one's number in its name. */
  const started = new Map<string, number>();
  const balancers: Haproxy[] = [];
  const port = async () => {
    const chosen = await freePort(PORTS.from, PORTS.to, taken);
    taken.add(chosen);
    return chosen;
  };
  const start = async (mode: string, env: Record<string, string>): Promise<Instance> => {
    const chosen = await port();
    const number = (started.get(mode) ?? 0) + 1;
    started.set(mode, number);
    const name = `${mode}-${number}`;
    const service = startService(mode, {
      DATABASE_URL: cluster.database.url!,
      DATA_DIR: dataDir,
      PORT: String(chosen),
      PGAPPNAME: name,
      ...env,
    });
    services.push(service);
    await service.waitFor(/listening on|projector running/);
    return { name, service, port: chosen, url: `http://127.0.0.1:${chosen}` };
  };
  const times = (n: number, mode: string, env: Record<string, string> = {}) =>
    Promise.all(Array.from({ length: n }, () => start(mode, env)));
  const balance = async (servers: Record<string, readonly string[]>): Promise<Balancer> => {
    const bind = `127.0.0.1:${await port()}`;
    const haproxy = startHaproxy({ servers, bind, dir: mkdtempSync(path.join(dataDir, "haproxy-")) });
    balancers.push(haproxy);
    await vi.waitFor(async () => expect(await haproxy.checked(), haproxy.errors.join("")).toBe(true), EVENTUALLY);
    return { haproxy, url: `http://${bind}` };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "crm-cluster-"));
    cluster.database = await createTestDatabase("postgres");
    await migrate(cluster.database.db, ALL_MIGRATIONS);
    loadAuditKey(undefined, dataDir);
    const commandEnv = typeof options.commandEnv === "function" ? options.commandEnv() : options.commandEnv;
    [cluster.commands, cluster.reads, cluster.projectors] = await Promise.all([
      times(options.commands, "command-service", commandEnv),
      times(options.reads, "read-api"),
      times(options.projectors, "projector", { PORT: "0" }),
    ]);
    cluster.front = await balance({ command: addresses(cluster.commands), read: addresses(cluster.reads) });
    cluster.store = createPostgresEventStore(cluster.database.db);
    cluster.token = await signUpPartner(cluster.front.url);
    cluster.sendThrough =
      ({ url }) =>
      (path, request) =>
        call({ url }, path, { ...request, bearer: cluster.token });
    cluster.startCommands = (env, count = options.commands) => times(count, "command-service", env);
    cluster.balance = balance;
  }, 120_000);

  afterAll(async () => {
    await Promise.all(balancers.map((b) => b.stop()));
    await Promise.all(services.map(stopService));
    await cluster.database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);
  return cluster;
}

/** The first account, signed up and registered as the Partner over HTTP, as a person would; its session token. */
async function signUpPartner(url: string): Promise<string> {
  const signedUp = await call({ url }, "/api/auth/sign-up", {
    method: "POST",
    body: { email: "partner@example.com", password: "correct horse battery staple" },
  });
  expect(signedUp.status).toBe(201);
  const token = signedUp.sessionCookie!;
  const registered = await call({ url }, "/api/auth/register", {
    method: "POST",
    bearer: token,
    body: { displayName: "Partner", role: "Partner" },
  });
  expect(registered.status).toBe(201);
  return token;
}
