import { availableBackends, type Backend } from "@crm/infra/testing/test-database";
import { describe, expect, it } from "vitest";
import { call } from "../../testing/http-client.ts";
import { appWithPartner, createLeads } from "../../testing/app-with-partner.ts";
import { contend, expectReadModelAgrees, expectStreamKeepsAccepted, type Send } from "./support/contended-leads.ts";

const backends = await availableBackends();
const CLIENTS = 32;
const LEADS = 10;
/** 30 s on the first backend; a second, shorter pass on PGlite when Postgres ran first (CI time). */
const secondsOn = (backend: Backend) => (backend === "pglite" && backends.includes("postgres") ? 10 : 30);

for (const backend of ["postgres", "pglite"] as const) {
  const run = backends.includes(backend) ? describe : describe.skip;
  run(`${CLIENTS} clients change the same ${LEADS} leads at once (${backend})`, () => {
    const versions = new Map<string, number>();
    const fx = appWithPartner(
      backend,
      {},
      {
        seed: async (fixture) => {
          const leads = await createLeads(fixture, LEADS, (i) => ({
            name: `Contended ${i}`,
            business: "Race Ltd",
            email: `race${i}@example.com`,
          }));
          for (const { id, version } of leads) versions.set(id, version);
        },
      },
    );
    const send: Send = (path, options) => call(fx.app, path, { ...options, bearer: fx.partner.token });

    it(`keeps every accepted change, contiguous versions and agreeing read models (${secondsOn(backend)} s)`, async () => {
      const { accepted, refusals, retriedAndAccepted, newest } = await contend(
        send,
        versions,
        CLIENTS,
        Date.now() + secondsOn(backend) * 1_000,
      );

      console.log(
        `${backend}: ${accepted.length} accepted, ${refusals.get(409) ?? 0} refused with 409 (${retriedAndAccepted} accepted on a retry)`,
      );
      expect([...refusals.keys()].filter((status) => status !== 409)).toEqual([]);
      expect(accepted.length).toBeGreaterThan(CLIENTS);
      if ((refusals.get(409) ?? 0) > 0) expect(retriedAndAccepted).toBeGreaterThan(0);

      for (const id of versions.keys()) {
        const stream = await expectStreamKeepsAccepted(fx.app.system.store, id, accepted);
        await expectReadModelAgrees(send, id, stream, newest);
      }
    }, 120_000);
  });
}
