// A data set of leads with their activity, made through the API as a signed-in Partner would make
// it (bench/lighthouse.ts measures the UI on it).
import { LEAD_STAGES } from "@crm/contracts/lead/stages";

/** How many leads the data set has. */
export const LEADS = 1_000;

/** Calls the API as a browser on the app's origin would (Origin passes the same-origin check). */
function apiClient(base: string) {
  /** The cookies the server set, as a browser keeps them: the session and the scripts' signed-in hint. */
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
  const call = async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { "Content-Type": "application/json", Origin: base, ...(jar.size ? { Cookie: cookie() } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
    for (const set of res.headers.getSetCookie()) {
      const [name, value] = set.split(";")[0]!.split("=") as [string, string];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return res.json() as Promise<Record<string, unknown>>;
  };
  return { call, cookie };
}

/** `count` calls of `task`, `width` at a time. */
async function inBatches(count: number, width: number, task: (i: number) => Promise<unknown>) {
  for (let i = 0; i < count; i += width) await Promise.all(Array.from({ length: Math.min(width, count - i) }, (_, j) => task(i + j)));
}

/**
 * A Partner with 1,000 leads (CSV import), nine in ten moved to the later stages, a note on every
 * lead, a call on every other one, a meeting on every fifth (the next four weeks), and a busier
 * lead with ten entries: the one whose page is measured. Returns the cookies a browser would keep and that lead.
 */
export async function seedLeadsWithActivity(base: string): Promise<{ cookie: string; leadId: string }> {
  const { call, cookie } = apiClient(base);
  await call("POST", "/api/auth/sign-up", { email: "bench@agency.test", password: "correct horse battery" });
  await call("POST", "/api/auth/register", { displayName: "Bench Partner", role: "Partner" });
  const rows = Array.from(
    { length: LEADS },
    (_, i) => `Lead ${i},Business ${i % 97},lead${i}@bench.test,+1555${String(i).padStart(7, "0")},${["high", "medium", "low"][i % 3]}`,
  );
  const started = performance.now();
  await call("POST", "/api/leads/import", {
    csv: ["Name,Business,Email,Phone,Priority", ...rows].join("\r\n"),
    mapping: { name: "Name", business: "Business", email: "Email", phone: "Phone", priority: "Priority" },
  });
  const leads = (await call("GET", "/api/leads")) as unknown as { id: string }[];
  const stages = LEAD_STAGES.slice(1);
  await inBatches(leads.length, 10, async (i) => {
    const id = leads[i]!.id;
    if (i % 10 !== 0) await call("POST", `/api/leads/${id}/move`, { stage: stages[i % stages.length] });
    await call("POST", `/api/leads/${id}/activities`, { type: "note", summary: `Intro notes for lead ${i}`, details: "Wants a new site." });
    if (i % 2 === 0) await call("POST", `/api/leads/${id}/activities`, { type: "call", summary: `Call with lead ${i}` });
    if (i % 5 === 0) {
      const start = new Date(Date.now() + (1 + (i % 28)) * 86_400_000);
      start.setUTCHours(9 + (i % 8), 0, 0, 0);
      await call("POST", "/api/meetings", {
        leadId: id,
        title: `Discovery call ${i}`,
        meetingType: "in-person",
        location: "Studio",
        startTime: start.toISOString(),
        endTime: new Date(start.getTime() + 45 * 60_000).toISOString(),
      });
    }
  });
  const leadId = leads[1]!.id;
  await inBatches(10, 1, (i) =>
    call("POST", `/api/leads/${leadId}/activities`, { type: (["call", "note", "proposal"] as const)[i % 3], summary: `Follow-up ${i}` }),
  );
  console.log(`seeded ${leads.length} leads with their activity in ${((performance.now() - started) / 1000).toFixed(0)} s`);
  return { cookie: cookie(), leadId };
}
