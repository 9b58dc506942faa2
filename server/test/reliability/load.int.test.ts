import { randomUUID } from "node:crypto";
import autocannon, { type Request, type Result } from "autocannon";
import { beforeAll, describe, expect, it } from "vitest";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { leadStreamId } from "@crm/contracts/lead/stream";
import { availableBackends } from "@crm/infra/testing/test-database";
import { appWithPartner, createLeads } from "../../testing/app-with-partner.ts";
import { clientFor } from "../leads-helpers.ts";

/** Postgres when the machine runs one (as CI does), else the embedded store. */
const backend = (await availableBackends())[0]!;
const CONNECTIONS = 200;
const SECONDS = 60;
/** Leads the moves pick from: enough that two moves rarely race for one (each race costs retries). */
const SEEDED_LEADS = 500;

const pick = <T>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** What the commands answered, to check against the store afterwards. */
interface Accepted {
  created: string[];
  /** lead id → the versions its accepted moves were given. */
  moved: Map<string, number[]>;
}

/**
 * Each connection cycles through a mix of two thirds reads and one third writes, as a busy agency
 * would: the board, a lead page, the stats and the recent activity; new leads and stage changes.
 */
function mixedRequests(token: string, leads: readonly string[], accepted: Accepted): Request[] {
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const get = (path: () => string): Request => ({ method: "GET", headers, setupRequest: (req) => ({ ...req, path: path() }) });
  return [
    get(() => "/api/leads/board"),
    {
      method: "POST",
      path: "/api/leads",
      headers,
      setupRequest: (req) => ({
        ...req,
        body: JSON.stringify({ name: "Load Lead", business: "Busy Studio", email: `load-${randomUUID()}@example.com` }),
      }),
      onResponse: (status, body) => {
        if (status === 201) accepted.created.push((JSON.parse(body) as { id: string }).id);
      },
    },
    get(() => `/api/leads/${pick(leads)}`),
    get(() => "/api/stats"),
    {
      method: "POST",
      headers,
      setupRequest: (req) => ({ ...req, path: `/api/leads/${pick(leads)}/move`, body: JSON.stringify({ stage: pick(LEAD_STAGES) }) }),
      onResponse: (status, body) => {
        if (status !== 200) return;
        const { id, version } = JSON.parse(body) as { id: string; version: number };
        accepted.moved.set(id, [...(accepted.moved.get(id) ?? []), version]);
      },
    },
    get(() => "/api/activities/recent?limit=10"),
  ];
}

describe(`${SECONDS} s at ${CONNECTIONS} connections of mixed reads and writes (${backend})`, () => {
  const leads: string[] = [];
  const accepted: Accepted = { created: [], moved: new Map() };
  let result: Result;
  const fx = appWithPartner(
    backend,
    {},
    {
      timeout: 120_000,
      seed: async (fixture) => {
        const seeded = await createLeads(fixture, SEEDED_LEADS, (i) => ({
          name: `Seeded ${i}`,
          business: "Load Ltd",
          email: `seeded-${i}-${randomUUID()}@example.com`,
        }));
        leads.push(...seeded.map((lead) => lead.id));
      },
    },
  );

  beforeAll(
    async () => {
      result = await autocannon({
        url: fx.app.url,
        connections: CONNECTIONS,
        duration: SECONDS,
        timeout: 30,
        requests: mixedRequests(fx.partner.token, leads, accepted),
      });
      const { latency, requests } = result;
      console.log(
        `load (${backend}): ${requests.total} requests in ${SECONDS} s (${Math.round(requests.average)}/s), ` +
          `latency p50 ${latency.p50} ms, p99 ${latency.p99} ms, max ${latency.max} ms; ` +
          `errors ${result.errors}, timeouts ${result.timeouts}, non-2xx ${result.non2xx} (answers ${JSON.stringify(result.statusCodeStats)}); ` +
          `${accepted.created.length} leads created, ${[...accepted.moved.values()].flat().length} moves accepted`,
      );
    },
    (SECONDS + 120) * 1000,
  );

  it("answers every request, with no error, timeout or non-2xx answer", () => {
    expect(result.requests.total).toBeGreaterThan(CONNECTIONS * 6);
    expect({ errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx }).toEqual({ errors: 0, timeouts: 0, non2xx: 0 });
    expect(accepted.created.length).toBeGreaterThan(0);
    expect(accepted.moved.size).toBeGreaterThan(0);
  });

  it("keeps every accepted command: each created lead is in the log once, each accepted move holds its own version", async () => {
    const created = await fx.app.system.db.query<{ stream_id: string; n: string }>(
      `SELECT stream_id, count(*) AS n FROM events WHERE event_type = 'LeadCreated' AND stream_id = ANY($1::text[]) GROUP BY stream_id`,
      [accepted.created.map(leadStreamId)],
    );
    expect(created.rows).toHaveLength(accepted.created.length);
    expect(created.rows.every((r) => Number(r.n) === 1)).toBe(true);

    for (const [leadId, versions] of accepted.moved) {
      expect(new Set(versions).size).toBe(versions.length); // no two accepted moves were given the same version
      const stream = await fx.app.system.store.readStream(leadStreamId(leadId));
      const stored = stream.map((e) => e.streamVersion);
      expect(versions.filter((v) => !stored.includes(v))).toEqual([]);
      expect(stored).toEqual(Array.from({ length: stream.length }, (_, i) => i + 1)); // contiguous
    }
  });

  it("shows every created lead on the board once the projector has caught up", async () => {
    const api = clientFor(fx.app, fx.partner);
    await api.createLead({ name: "Last" }); // its position is the one the next read waits for
    const board = await api.get("/api/leads");
    const onBoard = new Set((board.body as { id: string }[]).map((lead) => lead.id));
    expect(accepted.created.filter((id) => !onBoard.has(id))).toEqual([]);
  });
});
