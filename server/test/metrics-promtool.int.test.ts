import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { call } from "../testing/http-client.ts";
import { appWithPartner } from "../testing/app-with-partner.ts";

/**
 * The scrape as Prometheus's own linter reads it: Debian's `promtool` (package prometheus, which
 * .ci/run installs) checks names, suffixes, units and help texts, and prints one line per problem.
 */
const PROMTOOL = "/usr/bin/promtool";
const missing = !existsSync(PROMTOOL);

describe.skipIf(missing)(
  `/api/metrics through promtool check metrics${missing ? ` (no ${PROMTOOL}: apt-get install prometheus)` : ""}`,
  () => {
    const fx = appWithPartner("pglite");

    it("has no metric that promtool flags, after traffic has filled every series", async () => {
      const api = (path: string, method = "GET", body?: unknown) =>
        call(fx.app, path, { bearer: fx.partner.token, method, ...(body === undefined ? {} : { body }) });
      // Answers of several kinds, so the request counter, the histogram and the conflicts counter all have series.
      const created = await api("/api/leads", "POST", { name: "Ada", business: "Ada Co", email: "ada@example.com" });
      expect(created.status).toBe(201);
      expect((await api(`/api/leads/${created.body.id}`)).status).toBe(200);
      const stale = await call(fx.app, `/api/leads/${created.body.id}`, {
        method: "PATCH",
        bearer: fx.partner.token,
        body: { name: "Ada L." },
        headers: { "if-match": '"999"' },
      });
      expect(stale.status).toBe(412);
      expect((await call(fx.app, "/api/leads")).status).toBe(401);

      const scrape = await call(fx.app, "/api/metrics");
      expect(scrape.status).toBe(200);
      expect(scrape.body).toContain("crm_command_conflicts_total{");
      const checked = spawnSync(PROMTOOL, ["check", "metrics"], { input: scrape.body as string, encoding: "utf8" });
      expect(checked.error).toBeUndefined();
      expect(`${checked.stdout}${checked.stderr}`).toBe("");
      expect(checked.status).toBe(0);
    });
  },
);
