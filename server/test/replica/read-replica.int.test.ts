import pg from "pg";
import { describe, expect, it } from "vitest";
import { appWithPartner, type AppWithPartner } from "../../testing/app-with-partner.ts";
import { nextEvent } from "../../testing/event-stream.ts";
import { call, type CallResult } from "../../testing/http-client.ts";
import { replicaPairUnavailable } from "../../testing/replica-pair.ts";

// Reads from a hot standby (docs/decisions/061-reads-from-a-replica.md): a primary and a standby of the
// test's own, the app's commands and projector on the primary, its read models read from the standby.
const missing = replicaPairUnavailable();

async function inRecovery(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<{ standby: boolean }>("SELECT pg_is_in_recovery() AS standby")).rows[0]!.standby;
  } finally {
    await client.end();
  }
}

async function createLead(fx: AppWithPartner, name: string): Promise<{ id: string; position: string }> {
  const created = await call(fx.app, "/api/leads", { method: "POST", bearer: fx.partner.token, body: { name, business: "Biz", email: "a@b.co" } });
  expect(created.status).toBe(201);
  return created.body;
}

const readLead = (fx: AppWithPartner, id: string, position?: string) =>
  call(fx.app, `/api/leads/${id}`, { bearer: fx.partner.token, headers: position ? { "X-Min-Position": position } : {} });

/** Whether the primary's leads read model has the lead: what a read from the primary would find. */
async function onPrimary(fx: AppWithPartner, id: string): Promise<boolean> {
  const { rows } = await fx.app.system.db.query("SELECT 1 FROM leads WHERE id = $1", [id]);
  return rows.length === 1;
}

/** An answer is honest when it has the write, says it may not (X-Stale), or says to come back (503 with Retry-After). */
function expectHonest(read: CallResult, name: string) {
  if (read.status === 503) {
    expect(read.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(read.headers.get("content-type")).toMatch(/^application\/problem\+json/);
  } else if (read.headers.get("x-stale") !== "true") {
    expect(read.status).toBe(200);
    expect(read.body.name).toBe(name);
  }
}

describe.skipIf(missing)(`reads from a hot standby${missing ? ` (${missing})` : ""}`, () => {
  const fx = appWithPartner("replica");
  const withFallback = appWithPartner("replica", { READ_FALLBACK: "primary" });

  it("runs on a primary and a standby of its own", async () => {
    const pair = fx.app.replicaPair!;
    expect(await inRecovery(pair.standby.url)).toBe(true);
    expect(await inRecovery(pair.primary.url)).toBe(false);
    expect(pair.primary.port).not.toBe(5432);
  });

  it("reads the read models from the standby: with its replay paused, a new lead is not there until it resumes", async () => {
    const pair = fx.app.replicaPair!;
    await pair.pauseReplay();
    let lead: { id: string; position: string };
    try {
      lead = await createLead(fx, "Paused replay");
      await expect.poll(() => onPrimary(fx, lead.id)).toBe(true);
      expect((await readLead(fx, lead.id)).status).toBe(404);
      // Waiting for its own write, the read says the answer is stale rather than pretend.
      const waited = await readLead(fx, lead.id, lead.position);
      expect(waited.status).toBe(404);
      expect(waited.headers.get("x-stale")).toBe("true");
    } finally {
      await pair.resumeReplay();
    }
    const read = await readLead(fx, lead.id, lead.position);
    expect(read.status).toBe(200);
    expect(read.headers.get("x-stale")).toBeNull();
    expect(read.body.name).toBe("Paused replay");
  });

  it("with READ_FALLBACK=primary, a read waiting for its write while the standby lags is answered by the primary", async () => {
    const pair = withFallback.app.replicaPair!;
    await pair.pauseReplay();
    try {
      const lead = await createLead(withFallback, "From the primary");
      const waited = await readLead(withFallback, lead.id, lead.position);
      expect(waited.status).toBe(200);
      expect(waited.headers.get("x-stale")).toBeNull();
      expect(waited.body.name).toBe("From the primary");
      // A read that waits for nothing still comes from the standby, which has not replayed it.
      expect((await readLead(withFallback, lead.id)).status).toBe(404);
    } finally {
      await pair.resumeReplay();
    }
  });

  it("tells a live stream of a change only once the standby has it", async () => {
    const pair = fx.app.replicaPair!;
    const controller = new AbortController();
    const res = await fetch(`${fx.app.url}/api/events/stream`, { headers: fx.partner.headers, signal: controller.signal });
    const reader = res.body!.getReader();
    const buffer = { text: "" };
    try {
      await nextEvent(reader, buffer, (e) => e.event === "ready");
      await pair.pauseReplay();
      const lead = await createLead(fx, "Live from the standby");
      const told = nextEvent(reader, buffer, (e) => e.event === "advanced" && JSON.parse(e.data).topics.includes(`lead:${lead.id}`));
      await expect.poll(() => onPrimary(fx, lead.id)).toBe(true);
      const early = await Promise.race([told.then(() => "told"), new Promise((resolve) => setTimeout(resolve, 500, "held"))]);
      expect(early).toBe("held");
      await pair.resumeReplay();
      await told;
      // A browser refreshing on the notice, with no position to wait for, finds the lead.
      expect((await readLead(fx, lead.id)).status).toBe(200);
    } finally {
      controller.abort();
      await pair.resumeReplay();
    }
  });

  it("with the standby stopped, reads answer 503 with Retry-After, or come from the primary with READ_FALLBACK=primary; never silently stale", async () => {
    const pair = fx.app.replicaPair!;
    expect(withFallback.app.replicaPair).toBe(pair); // one standby serves both apps
    await pair.stopStandby();
    try {
      const lead = await createLead(fx, "Standby down");
      for (const read of [await readLead(fx, lead.id, lead.position), await readLead(fx, lead.id), await call(fx.app, "/api/leads", { bearer: fx.partner.token })]) {
        expect(read.status).toBe(503);
        expect(read.headers.get("retry-after")).toMatch(/^\d+$/);
        expect(read.headers.get("content-type")).toMatch(/^application\/problem\+json/);
      }
      const other = await createLead(withFallback, "Standby down, primary up");
      for (const read of [await readLead(withFallback, other.id, other.position), await readLead(withFallback, other.id)]) {
        expect(read.status).toBe(200);
        expect(read.headers.get("x-stale")).toBeNull();
        expect(read.body.name).toBe("Standby down, primary up");
      }
    } finally {
      await pair.startStandby();
    }
    const after = await createLead(fx, "Standby back");
    const read = await readLead(fx, after.id, after.position);
    expect(read.status).toBe(200);
    expect(read.body.name).toBe("Standby back");
  });

  it("while the standby stops and starts under writes, every answer has the write, says X-Stale, or is a 503", async () => {
    const pair = fx.app.replicaPair!;
    let cycling = true;
    const faults = (async () => {
      while (cycling) {
        await pair.stopStandby();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await pair.startStandby();
        await new Promise((resolve) => setTimeout(resolve, 300));
      }
    })();
    let unavailable = 0;
    try {
      for (let i = 0; i < 60; i++) {
        const lead = await createLead(fx, `Cycle ${i}`);
        const read = await readLead(fx, lead.id, lead.position);
        expectHonest(read, `Cycle ${i}`);
        if (read.status === 503) unavailable++;
      }
    } finally {
      cycling = false;
      await faults;
    }
    expect(unavailable).toBeGreaterThan(0); // the faults were seen, or this proved nothing
  });
});
