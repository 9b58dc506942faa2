import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AdvancedNotice } from "@crm/contracts/api/live";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "@crm/infra/testing/test-database";
import { ALL_PROJECTIONS } from "@crm/projector/projections";
import { startProjector } from "@crm/projector/projector";
import { openReadSide } from "../src/read-side.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { openTestSystem, serveTestApp, startAppOnDatabase } from "../testing/test-app.ts";
import { clientFor, uniqueWord } from "./leads-helpers.ts";

const hasPostgres = await postgresAvailable();
const quiet = () => undefined;

/**
 * An upgrade whose leads read model was built by an older version (v2) than today's readers can
 * read (decisions/030): as in `npm start`, the app serves while its projector rebuilds that read
 * model in the background. Here the projector starts only once the test has looked.
 */
for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(`a read model rebuilt after an upgrade, on ${backend}`, () => {
    let database: TestDatabase;
    let partner: SignedIn;
    let word: string;
    beforeEach(async () => {
      database = await createTestDatabase(backend);
      const before = await startAppOnDatabase(database.db, { release: async () => undefined });
      partner = await signUpAs(before, { role: "Partner" });
      word = uniqueWord();
      await clientFor(before, partner).createLead({ name: `Kept ${word}` });
      expect((await clientFor(before, partner).get(`/api/leads?search=${word}`)).body).toHaveLength(1);
      await before.close();
      await database.db.query("UPDATE projection_checkpoints SET version = 2 WHERE name = 'leads'");
    });
    afterEach(() => database.drop());

    it("answers reads of it 503 with Retry-After until its rebuild swaps in, serves the other read models meanwhile, then serves it", async () => {
      const system = await openTestSystem(database.db);
      const readSide = await openReadSide(system);
      const notices: AdvancedNotice[] = [];
      readSide.watcher.onAdvance((notice) => notices.push(notice));
      const served = await serveTestApp(system, readSide, { commands: true, reads: true, ui: false });
      const get = (route: string) => fetch(`${served.url}${route}`, { headers: partner.headers });
      let projector: Awaited<ReturnType<typeof startProjector>> | undefined;
      try {
        const board = await get(`/api/leads?search=${word}`);
        expect(board.status).toBe(503);
        expect(board.headers.get("content-type")).toContain("application/problem+json");
        expect(board.headers.get("retry-after")).toBe("5");
        const needed = ALL_PROJECTIONS.find((p) => p.name === "leads")!.readableFrom;
        expect((await board.json()).detail).toBe(
          `The leads read model is being rebuilt for this version of the app (v2 serves, v${needed} or later is needed); try again in a few seconds.`,
        );
        expect((await get("/api/activities/recent")).status).toBe(200);
        expect((await get("/api/users")).status).toBe(200);

        projector = await startProjector({ db: system.db, store: system.store, projections: ALL_PROJECTIONS, log: quiet, pollMs: 200 });
        await projector.ready;
        await expect.poll(() => notices.find((n) => n.rebuilt)?.rebuilt).toEqual(["leads"]);
        const answer = await get(`/api/leads?search=${word}`);
        expect(answer.status).toBe(200);
        expect((await answer.json()).map((lead: { name: string }) => lead.name)).toEqual([`Kept ${word}`]);
      } finally {
        await served.close();
        await projector?.stop();
        await readSide.close();
      }
    });

    it("serves it once its tables are readable, also when the swap's notice never arrived", async () => {
      const system = await openTestSystem(database.db);
      const readSide = await openReadSide(system);
      const served = await serveTestApp(system, readSide, { commands: false, reads: true, ui: false });
      const stats = () => fetch(`${served.url}/api/stats`, { headers: partner.headers });
      try {
        expect((await stats()).status).toBe(503);
        // What a swap commits, without its NOTIFY (as if the notices' connection had dropped).
        const current = ALL_PROJECTIONS.find((p) => p.name === "leads")!.version;
        await database.db.query("UPDATE projection_checkpoints SET version = $1 WHERE name = 'leads'", [current]);
        expect((await stats()).status).toBe(200);
      } finally {
        await served.close();
        await readSide.close();
      }
    });
  });
}
