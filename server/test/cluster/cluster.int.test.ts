import { leadStreamId } from "@crm/contracts/lead/stream";
import { postgresAvailable } from "@crm/infra/testing/test-database";
import { beforeAll, describe, expect, it } from "vitest";
import { haproxyUnavailable } from "../../../scripts/haproxy.mjs";
import { call } from "../../testing/http-client.ts";
import { contend, expectReadModelAgrees, expectStreamKeepsAccepted } from "../reliability/support/contended-leads.ts";
import { answerLosing } from "./support/answer-losing.ts";
import { addresses, clusterOnPostgres, type Balancer } from "./support/cluster.ts";
import { followEvents, type ServerSentEvent } from "./support/event-follower.ts";

// Many instances of each service behind haproxy (deploy/haproxy.cfg, README "Scale out"), on one
// Postgres: the embedded store is one process's own, so these run on Postgres only.
const unavailable = (await postgresAvailable()) ? haproxyUnavailable() : "no Postgres server answers";
const CLIENTS = 32;
const LEADS = 10;
const SECONDS = 5;

describe.skipIf(unavailable !== undefined)(
  `2 command services, 2 read APIs and a projector behind haproxy${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    const cluster = clusterOnPostgres({ commands: 2, reads: 2, projectors: 1, commandEnv: { FAST_STREAM_STATES: "off" } });

    /** The 2xx answers each server of one of a balancer's backends has passed on so far. */
    const answered = async ({ haproxy }: Balancer, backend: string) =>
      (await haproxy.servers()).filter((row) => row.pxname === backend).map((row) => Number(row.hrsp_2xx));

    /**
     * 32 clients change the same 10 leads through a balancer: every accepted change is in the log once,
     * at the versions it was answered with; each refusal is a 409; the read APIs show what the log says;
     * and every command service and every read API behind it took its share.
     */
    async function contendThrough(balancer: Balancer, label: string) {
      const send = cluster.sendThrough(balancer);
      const versions = new Map<string, number>();
      for (let i = 0; i < LEADS; i++) {
        const body = { name: `${label} ${i}`, business: "Race Ltd", email: `${label.toLowerCase()}${i}@example.com` };
        const created = await send("/api/leads", { method: "POST", body });
        expect(created.status).toBe(201);
        versions.set(created.body.id, created.body.version);
      }
      const before = { commands: await answered(balancer, "commands"), reads: await answered(balancer, "reads") };
      const { accepted, refusals, retriedAndAccepted, newest } = await contend(send, versions, CLIENTS, Date.now() + SECONDS * 1_000);
      console.log(
        `${label}: ${accepted.length} accepted, ${refusals.get(409) ?? 0} refused with 409 (${retriedAndAccepted} accepted on a retry)`,
      );
      expect([...refusals.keys()].filter((status) => status !== 409)).toEqual([]);
      expect(accepted.length).toBeGreaterThan(CLIENTS);
      if ((refusals.get(409) ?? 0) > 0) expect(retriedAndAccepted).toBeGreaterThan(0);
      for (const id of versions.keys()) {
        const stream = await expectStreamKeepsAccepted(cluster.store, id, accepted);
        await expectReadModelAgrees(send, id, stream, newest);
      }
      for (const backend of ["commands", "reads"] as const) {
        const after = await answered(balancer, backend);
        for (const [i, n] of after.entries()) expect(n - before[backend][i]!, `${backend} server ${i + 1}`).toBeGreaterThan(0);
      }
    }

    it(`keeps every accepted change once, with contiguous versions, when each command loads its stream (${SECONDS} s)`, () =>
      contendThrough(cluster.front, "Loaded"));

    it("brings a live notice of a command sent to command service A to a browser on read API B, and through haproxy", async () => {
      const direct = await followEvents(cluster.reads[1]!.url, cluster.token);
      const balanced = await followEvents(cluster.front.url, cluster.token);
      try {
        const ready = (e: ServerSentEvent) => e.event === "ready";
        await Promise.all([direct.next(ready), balanced.next(ready)]);
        const created = await call(cluster.commands[0]!, "/api/leads", {
          method: "POST",
          bearer: cluster.token,
          body: { name: "Live across instances", business: "Notice Ltd", email: "live@example.com" },
        });
        expect(created.status).toBe(201);
        const namesLead = (e: ServerSentEvent) =>
          e.event === "advanced" && (JSON.parse(e.data) as { topics: string[] }).topics.includes(`lead:${created.body.id}`);
        await Promise.all([direct.next(namesLead), balanced.next(namesLead)]);
      } finally {
        direct.close();
        balanced.close();
      }
    });

    it("tries a command whose answer was lost again under the Idempotency-Key haproxy gave it, and answers as the first time", async () => {
      // haproxy in front of a stand-in that loses command service A's answers, and of command service B.
      const losing = await answerLosing(cluster.commands[0]!.url);
      try {
        const { url } = await cluster.balance({
          command: [losing.address, ...addresses(cluster.commands.slice(1))],
          read: addresses(cluster.reads),
        });
        for (let n = 0; n < 4; n++) {
          const lost = losing.keys.length;
          const name = `Answer lost ${n}`;
          const created = await call({ url }, "/api/leads", {
            method: "POST",
            bearer: cluster.token,
            body: { name, business: "Lost Ltd", email: `lost${n}@example.com` },
          });
          expect(created.status).toBe(201);
          // One lead of that name in the log, the one answered, under the key of the attempt whose answer was lost.
          const { rows } = await cluster.database.db.query<{ stream: string; key: string }>(
            `SELECT stream_id AS stream, metadata->>'commandId' AS key FROM events WHERE event_type = 'LeadCreated' AND data->>'name' = $1`,
            [name],
          );
          expect(rows).toEqual([{ stream: leadStreamId(created.body.id), key: losing.keys[lost] ?? expect.any(String) }]);
        }
        expect(losing.keys.length).toBeGreaterThan(0);
        for (const key of losing.keys) expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      } finally {
        await losing.close();
      }
    });

    describe("with the stream states kept in both command services", () => {
      let kept: Balancer;
      beforeAll(async () => {
        const commands = await cluster.startCommands({ FAST_STREAM_STATES: "on" });
        kept = await cluster.balance({ command: addresses(commands), read: addresses(cluster.reads) });
      }, 60_000);

      it(`keeps every accepted change once, with contiguous versions, though each service decides on the state it kept (${SECONDS} s)`, () =>
        contendThrough(kept, "Kept"));
    });
  },
);
