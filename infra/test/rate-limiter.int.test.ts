import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimitMigrations } from "../src/auth/rate-limit.migrations.ts";
import { createRateLimiter, type RateLimit } from "../src/auth/rate-limiter.ts";
import type { Database } from "../src/db/database.ts";
import { migrate } from "../src/db/migrations.ts";
import { createPostgresDatabase } from "../src/db/postgres-database.ts";
import { createTestDatabase, postgresAvailable, type Backend, type TestDatabase } from "../testing/test-database.ts";

const hasPostgres = await postgresAvailable();

for (const backend of ["postgres", "pglite"] as Backend[]) {
  describe.skipIf(backend === "postgres" && !hasPostgres)(
    `rate limits counted in the database on ${backend}${backend === "postgres" && !hasPostgres ? " (no Postgres server answers)" : ""}`,
    () => {
      let database: TestDatabase;
      /** Each test's limiter has a name of its own, so the tests share one database and count apart. */
      let THREE_A_MINUTE: RateLimit;
      let tests = 0;
      let at = 0;
      const clock = () => new Date(at);
      /** n attempts one after the other (at once, which of them is refused is a race: see "at the same moment"). */
      async function hits(limiter: ReturnType<typeof createRateLimiter>, key: string, n: number) {
        const allowed: boolean[] = [];
        for (let i = 0; i < n; i++) allowed.push((await limiter.hit(key)).allowed);
        return allowed;
      }

      beforeAll(async () => {
        database = await createTestDatabase(backend);
        await migrate(database.db, rateLimitMigrations);
      });
      afterAll(() => database.drop());
      beforeEach(() => {
        THREE_A_MINUTE = { name: `test-${++tests}`, limit: 3, windowMs: 60_000 };
        at = Date.parse("2030-01-01T00:00:00Z");
      });

      it("allows `limit` attempts per window, then says how long to wait, and does not count the refused ones", async () => {
        const limiter = createRateLimiter(database.db, THREE_A_MINUTE, clock);
        const start = at;
        expect(await hits(limiter, "ip:a", 3)).toEqual([true, true, true]);
        at = start + 15_000;
        expect(await limiter.hit("ip:a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
        expect(await limiter.hit("ip:a")).toEqual({ allowed: false, retryAfterSeconds: 45 });
        // The window has passed the three; the refused two were never counted, so three more go through.
        at = start + 60_001;
        expect(await hits(limiter, "ip:a", 4)).toEqual([true, true, true, false]);
      });

      it("slides: each attempt leaves the window on its own, a minute after it was made", async () => {
        const limiter = createRateLimiter(database.db, THREE_A_MINUTE, clock);
        const start = at;
        for (const offset of [0, 10_000, 20_000]) {
          at = start + offset;
          expect((await limiter.hit("ip:a")).allowed).toBe(true);
        }
        at = start + 59_999; // the first is in its window for 1 ms more
        expect(await limiter.hit("ip:a")).toEqual({ allowed: false, retryAfterSeconds: 1 });
        at = start + 60_000;
        expect((await limiter.hit("ip:a")).allowed).toBe(true);
        expect(await limiter.hit("ip:a")).toEqual({ allowed: false, retryAfterSeconds: 10 }); // the one at 10 s is next to leave
      });

      it("counts each key and each limiter apart", async () => {
        const limiter = createRateLimiter(database.db, THREE_A_MINUTE, clock);
        const other = createRateLimiter(database.db, { ...THREE_A_MINUTE, name: `${THREE_A_MINUTE.name}-other` }, clock);
        expect(await hits(limiter, "ip:a", 4)).toEqual([true, true, true, false]);
        expect(await hits(limiter, "ip:b", 3)).toEqual([true, true, true]);
        expect(await hits(other, "ip:a", 3)).toEqual([true, true, true]);
        expect((await limiter.hit("ip:b")).allowed).toBe(false);
      });

      it("holds the limit for attempts at the same moment from several connections", async () => {
        // Separate pools on Postgres, as separate processes would have; PGlite serializes them anyway.
        const dbs: Database[] =
          backend === "postgres" ? Array.from({ length: 4 }, () => createPostgresDatabase(database.url!, { max: 3 })) : [database.db];
        try {
          const limiters = dbs.map((db) => createRateLimiter(db, { ...THREE_A_MINUTE, limit: 5 }, clock));
          const attempts = limiters.flatMap((limiter) => Array.from({ length: 6 }, () => limiter.hit("ip:a").then((d) => d.allowed)));
          expect((await Promise.all(attempts)).filter(Boolean)).toHaveLength(5);
        } finally {
          if (backend === "postgres") await Promise.all(dbs.map((db) => db.close()));
        }
      });

      it("applies a lowered limit to the attempts already counted", async () => {
        expect(await hits(createRateLimiter(database.db, THREE_A_MINUTE, clock), "ip:a", 3)).toEqual([true, true, true]);
        const lowered = createRateLimiter(database.db, { ...THREE_A_MINUTE, limit: 2 }, clock);
        expect((await lowered.hit("ip:a")).allowed).toBe(false);
      });

      it("deletes the rows whose window has passed, every so many attempts", async () => {
        const limiter = createRateLimiter(database.db, THREE_A_MINUTE, clock);
        await limiter.hit("ip:gone");
        at += 60_001;
        const keys = async () =>
          (
            await database.db.query<{ key: string }>(`SELECT key FROM rate_limit_hits WHERE limiter = $1 ORDER BY key`, [
              THREE_A_MINUTE.name,
            ])
          ).rows.map((r) => r.key);
        for (let i = 1; i < 255; i++) await limiter.hit(`ip:${i % 2}`);
        expect(await keys()).toContain("ip:gone");
        await limiter.hit("ip:0"); // the 256th attempt sweeps first
        expect(await keys()).toEqual(["ip:0", "ip:1"]);
      });
    },
  );
}
