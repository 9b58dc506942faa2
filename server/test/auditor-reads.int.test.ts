import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditorStreamId } from "@crm/contracts/audit/events";
import { availableBackends } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs, type SignedIn } from "../testing/sign-up-as.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { recordedReads } from "./support/role-matrix.ts";

/**
 * An Auditor's reads in the log (docs/product.md, "Roles"): one AuditorReadRecorded per read, whatever
 * its status, as they asked it but for secrets; nobody else's reads; and a read answered even when its
 * record cannot be appended. The role matrix (leak-matrix.int.test.ts) checks every route's read is recorded.
 */
const backends = await availableBackends();
const BACKENDS = ["postgres", "pglite"] as const;

for (const backend of BACKENDS)
  describe.skipIf(!backends.includes(backend))(`an Auditor's reads on ${backend}`, () => {
    let app: TestApp;
    let auditor: SignedIn;
    let partner: SignedIn;

    beforeAll(async () => {
      app = await startTestApp(backend);
      auditor = await signUpAs(app, { role: "Auditor" });
      partner = await signUpAs(app, { role: "Partner" });
    });
    afterAll(() => app.close());

    /** The reads recorded after `before` once there are `count` of them (each is appended after its answer). */
    async function recordedAfter(before: number, count: number) {
      await expect.poll(async () => (await recordedReads(app, auditor.accountId)).length).toBe(before + count);
      return (await recordedReads(app, auditor.accountId)).slice(before);
    }

    it("records each read as asked, of any status, a HEAD too, by the Auditor on their own stream", async () => {
      const before = (await recordedReads(app, auditor.accountId)).length;
      expect((await call(app, "/api/stats/pipeline?zone=Europe%2FBerlin", { bearer: auditor.token })).status).toBe(200);
      expect((await call(app, "/api/users/team", { method: "HEAD", bearer: auditor.token })).status).toBe(200);
      expect((await call(app, "/api/no-such-thing", { bearer: auditor.token })).status).toBe(404);
      // Each is appended once its answer is done: in the order the answers finished, not necessarily the calls'.
      const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
      expect((await recordedAfter(before, 3)).sort(byPath)).toEqual([
        { method: "GET", path: "/api/no-such-thing", query: "", status: 404 },
        { method: "GET", path: "/api/stats/pipeline", query: "zone=Europe%2FBerlin", status: 200 },
        { method: "HEAD", path: "/api/users/team", query: "", status: 200 },
      ]);
      const [last] = (await app.system.store.readStream(auditorStreamId(auditor.accountId))).slice(-1);
      expect(last?.metadata.actor).toBe(auditor.accountId);
    });

    it("keeps no secret: a token in the path as its template, a secret query parameter's value left out", async () => {
      const before = (await recordedReads(app, auditor.accountId)).length;
      const token = "s".repeat(43);
      expect((await call(app, `/api/questionnaire-links/${token}`, { bearer: auditor.token })).status).toBe(410);
      await call(app, "/api/auth/oidc/callback?code=c0de&state=5tate&iss=x", { bearer: auditor.token });
      const recorded = await recordedAfter(before, 2);
      expect(recorded.map((r) => [r.path, r.query]).sort()).toEqual([
        ["/api/auth/oidc/callback", "code=[secret]&state=[secret]&iss=x"],
        ["/api/questionnaire-links/:token", ""],
      ]);
      expect(JSON.stringify(recorded)).not.toContain(token);
    });

    it("records no one else's reads, nor an Auditor's writes", async () => {
      expect((await call(app, "/api/leads", { bearer: partner.token })).status).toBe(200);
      expect(await app.system.store.readStream(auditorStreamId(partner.accountId))).toEqual([]);
      const before = (await recordedReads(app, auditor.accountId)).length;
      expect((await call(app, "/api/leads", { method: "POST", body: {}, bearer: auditor.token })).status).toBe(403);
      // A read after the write: once it is recorded, the write would have been too.
      expect((await call(app, "/api/auth/me", { bearer: auditor.token })).status).toBe(200);
      expect((await recordedAfter(before, 1)).map((r) => r.path)).toEqual(["/api/auth/me"]);
    });

    it("answers the read when its record cannot be appended, and counts it", async () => {
      const { store } = app.system;
      const append = store.append.bind(store);
      const unrecorded = async () => {
        const metrics = await call(app, "/api/metrics");
        return Number(/^crm_auditor_reads_unrecorded_total (\d+)/m.exec(String(metrics.body ?? ""))?.[1] ?? NaN);
      };
      const counted = await unrecorded();
      store.append = async (streamId, ...rest) => {
        if (streamId.startsWith("auditor-")) throw new Error("the log is unavailable");
        return append(streamId, ...rest);
      };
      try {
        expect((await call(app, "/api/users/team", { bearer: auditor.token })).status).toBe(200);
        await expect.poll(unrecorded).toBe(counted + 1);
      } finally {
        store.append = append;
      }
    });
  });
