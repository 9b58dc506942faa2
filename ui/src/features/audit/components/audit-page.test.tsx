import { QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { AuditVerification } from "@crm/contracts/audit/verify";
import type { AuditEntityState, AuditEvent, AuditEventPage } from "@crm/contracts/audit/workbench";
import { createQueryClient } from "@/lib/query-client";
import { polyfillRadix, stubFetch } from "@/test/render";
import { AuditPage } from "./audit-page.tsx";

const ZONE = "Europe/Berlin";
const MAX = { id: "7c8d3c1e-0000-4000-8000-000000000002", name: "Max Manager" };
const MEETING = "meeting-5f0c2a7e-0000-4000-8000-00000000000a";

const event = (seq: number, over: Partial<AuditEvent> = {}): AuditEvent => ({
  seq,
  eventId: `e${seq}`,
  position: `00000000000000000001-${String(seq).padStart(20, "0")}`,
  at: "2026-11-24T09:30:00.000Z",
  type: "MeetingScheduled",
  streamId: MEETING,
  streamVersion: 1,
  entity: { kind: "meeting", id: MEETING.slice("meeting-".length) },
  actor: MAX,
  data: { title: "Kickoff", startTime: "2030-03-05T09:00:00.000Z" },
  ...over,
});

const CHECKPOINT = {
  seq: 1234,
  position: "00000000000000000009-00000000000000001234",
  hash: "ab".repeat(32),
  signedAt: "2026-11-27T09:00:00.000Z",
  keyId: "0123456789abcdef",
  signature: "c2lnbmF0dXJl",
  publicKey: "-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n",
};
const INTACT: AuditVerification = {
  status: "intact",
  verifiedAt: "2026-11-27T09:05:00.000Z",
  checked: 1234,
  pending: 0,
  erased: 0,
  head: { seq: 1234, position: CHECKPOINT.position, hash: CHECKPOINT.hash },
  firstBreak: null,
  checkpoints: { checked: 3, failed: [], latest: CHECKPOINT },
};
const PROFILE = {
  id: "7c8d3c1e-0000-4000-8000-000000000001",
  email: "pat@agency.test",
  displayName: "Pat",
  role: "Partner",
  timeZone: ZONE,
  signature: "",
};
const member = (id: string, displayName: string, role: string, status: string) => ({
  id,
  email: `${displayName.split(" ")[0]!.toLowerCase()}@agency.test`,
  displayName,
  role,
  approved: true,
  status,
  requestedAt: "2026-11-01T09:00:00.000Z",
  approvedAt: null,
  approvedBy: null,
  lastSignInAt: null,
  inviteExpiresAt: null,
});
const CLEO = "7c8d3c1e-0000-4000-8000-000000000003";
const TEAM = [member(MAX.id, MAX.name, "Project Manager", "active"), member(CLEO, "Cleo Creative", "Creative Director", "deactivated")];

interface Answers {
  events?: (url: URL) => AuditEventPage | { status: number; body: unknown };
  entity?: (url: URL) => AuditEntityState;
  verify?: AuditVerification;
}

function serve({ events = () => ({ events: [event(42)], next: null }), entity, verify = INTACT }: Answers) {
  return stubFetch((raw) => {
    const url = new URL(raw, "http://app.test");
    if (url.pathname === "/api/profile") return { status: 200, body: PROFILE };
    if (url.pathname === "/api/users/team") return { status: 200, body: TEAM };
    if (url.pathname === "/api/audit/verify") return { status: 200, body: verify };
    if (url.pathname === "/api/audit/events") {
      const answer = events(url);
      return "status" in answer ? answer : { status: 200, body: answer };
    }
    if (url.pathname.startsWith("/api/audit/entities/") && entity) return { status: 200, body: entity(url) };
    return { status: 404 };
  });
}

/** The page at an address, as the router shows it; the router tells where the filters took the address bar. */
function renderAt(path: string) {
  const router = createMemoryRouter([{ path: "/audit", element: <AuditPage /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const eventCalls = (calls: { url: string }[]) =>
  calls.filter((c) => c.url.startsWith("/api/audit/events?") || c.url === "/api/audit/events");

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

describe("the audit workbench", { timeout: 30_000 }, () => {
  it("takes a person and a week from the address, asks for them in the reader's zone, and exports the same filters", async () => {
    const calls = serve({});
    renderAt(`/audit?actor=${MAX.id}&from=2026-11-23&to=2026-11-29`);
    const events = await screen.findByRole("list", { name: "Events" });
    const row = within(events).getAllByRole("listitem")[0]!;
    // 09:30 UTC is 10:30 in Berlin; the row names the person, the type, the entity and the data.
    expect(row.textContent).toContain("Nov 24, 2026 at 10:30 AM");
    expect(row.textContent).toContain("Max Manager");
    expect(row.textContent).toContain("MeetingScheduled");
    expect(row.textContent).toContain(MEETING);
    expect(row.textContent).toContain("title: Kickoff");

    // Monday 00:00 in Berlin to Sunday's last millisecond there.
    const filters = `actor=${MAX.id}&from=2026-11-22T23%3A00%3A00.000Z&to=2026-11-29T22%3A59%3A59.999Z`;
    await waitFor(() => expect(eventCalls(calls).at(-1)?.url).toBe(`/api/audit/events?${filters}`));
    expect(screen.getByRole("link", { name: "Export JSON Lines" }).getAttribute("href")).toBe(`/api/audit/events.jsonl?${filters}`);
    expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe(`/api/audit/events.csv?${filters}`);
    expect(screen.getByRole("combobox", { name: "Person" }).textContent).toContain("Max Manager");
    expect(screen.getByLabelText("From")).toHaveProperty("value", "2026-11-23");
  });

  it("says the log is intact with the last signed checkpoint, and offers that checkpoint as a JSON file", async () => {
    serve({});
    renderAt("/audit");
    const status = await screen.findByText(/^Log intact/);
    expect(status.textContent).toBe("Log intact — 1,234 events verified, last checkpoint signed Nov 27, 2026 at 10:00 AM");
    const download = screen.getByRole("link", { name: "Download checkpoint" });
    expect(download.getAttribute("download")).toBe("audit-checkpoint-1234.json");
    const href = download.getAttribute("href")!;
    expect(href.startsWith("data:application/json")).toBe(true);
    expect(JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)))).toEqual(CHECKPOINT);
  });

  it("raises an alert naming the first broken event when the chain does not hold", async () => {
    serve({
      verify: {
        ...INTACT,
        status: "broken",
        firstBreak: { reason: "altered", seq: 17, position: "1-17", eventId: "e17", streamId: "lead-1", type: "LeadCreated" },
      },
    });
    renderAt("/audit");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(
      "Log broken at event #17 (LeadCreated of lead-1): its contents were changed after it was recorded.",
    );
    expect(screen.queryByText(/^Log intact/)).toBeNull();
  });

  it("loads the next page before the last one's chain number", async () => {
    const calls = serve({
      events: (url) =>
        url.searchParams.get("before") === "41"
          ? { events: [event(40, { type: "LeadCreated", streamId: "lead-1" })], next: null }
          : { events: [event(42), event(41)], next: 41 },
    });
    renderAt("/audit");
    const events = await screen.findByRole("list", { name: "Events" });
    expect(within(events).getAllByRole("listitem")).toHaveLength(2);
    await userEvent.click(screen.getByRole("button", { name: "Load more" }));
    await waitFor(() => expect(within(events).getAllByRole("listitem")).toHaveLength(3));
    expect(eventCalls(calls).map((c) => c.url)).toEqual(["/api/audit/events", "/api/audit/events?before=41"]);
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("shows a row's entity as it was at the event's time, and at another moment typed in the reader's zone", async () => {
    const calls = serve({
      entity: (url) =>
        url.searchParams.get("at") === "2026-11-24T09:30:00.000Z"
          ? {
              streamId: MEETING,
              kind: "meeting",
              at: "2026-11-24T09:30:00.000Z",
              exists: true,
              version: 1,
              state: { title: "Kickoff", startTime: "2030-03-05T09:00:00.000Z" },
              lastEvent: { type: "MeetingScheduled", at: "2026-11-24T09:30:00.000Z", actor: MAX },
            }
          : { streamId: MEETING, kind: "meeting", at: url.searchParams.get("at")!, exists: false, version: 0, state: {}, lastEvent: null },
    });
    renderAt("/audit");
    const events = await screen.findByRole("list", { name: "Events" });
    await userEvent.click(within(events).getByRole("button", { name: "State at this moment" }));
    const dialog = await screen.findByRole("dialog", { name: "State at this moment" });
    const state = await within(dialog).findByLabelText("The meeting at this moment");
    expect(state.textContent).toContain("Kickoff");
    expect(dialog.textContent).toContain("after MeetingScheduled by Max Manager on Nov 24, 2026 at 10:30 AM");
    const moment = within(dialog).getByLabelText("Moment");
    expect(moment).toHaveProperty("value", "2026-11-24T10:30");

    fireEvent.change(moment, { target: { value: "2026-11-24T08:00" } });
    expect(await within(dialog).findByText("This meeting did not exist yet at Nov 24, 2026 at 8:00 AM.")).toBeTruthy();
    expect(calls.map((c) => c.url)).toContain(`/api/audit/entities/${MEETING}?at=2026-11-24T07%3A00%3A00.000Z`);

    await userEvent.click(within(dialog).getByRole("button", { name: "Show its events" }));
    await waitFor(() => expect(eventCalls(calls).at(-1)?.url).toBe(`/api/audit/events?entity=${MEETING}`));
    expect(screen.getByLabelText("Entity")).toHaveProperty("value", MEETING);
  });

  it("puts a chosen person and a typed text into the address, so the filtered list can be shared", async () => {
    const calls = serve({});
    const router = renderAt("/audit");
    await screen.findByRole("list", { name: "Events" });
    await userEvent.click(screen.getByRole("combobox", { name: "Person" }));
    await userEvent.click(await screen.findByRole("option", { name: "Cleo Creative (deactivated)" }));
    await waitFor(() => expect(router.state.location.search).toBe(`?actor=${CLEO}`));
    await userEvent.type(screen.getByLabelText("Text"), "Kickoff{Enter}");
    await waitFor(() => expect(router.state.location.search).toBe(`?actor=${CLEO}&q=Kickoff`));
    await waitFor(() => expect(eventCalls(calls).at(-1)?.url).toBe(`/api/audit/events?actor=${CLEO}&q=Kickoff`));
    await userEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(router.state.location.search).toBe(""));
  });

  it("says when nothing matches the filters", async () => {
    serve({ events: () => ({ events: [], next: null }) });
    renderAt("/audit?q=nothing-like-this");
    expect(await screen.findByText("No Events Match")).toBeTruthy();
    expect(screen.queryByRole("list", { name: "Events" })).toBeNull();
  });

  it("shows the server's reason when it refuses a filter", async () => {
    serve({
      events: () => ({
        status: 400,
        body: {
          title: "Validation failed",
          status: 400,
          detail: "type: Not an event type the log records",
          errors: [{ field: "type", message: "Not an event type the log records" }],
        },
      }),
    });
    renderAt("/audit?type=Nonsense");
    const alert = await screen.findByRole("alert");
    expect(within(alert).getByText("Could not load the events")).toBeTruthy();
    expect(alert.textContent).toContain("type: Not an event type the log records");
  });

  it("asks nothing while the period ends before it starts, and says so", async () => {
    const calls = serve({});
    renderAt("/audit?from=2026-11-29&to=2026-11-23");
    expect((await screen.findByText("The period ends before it starts.")).getAttribute("role")).toBe("alert");
    await screen.findByText(/^Log intact/);
    expect(eventCalls(calls)).toEqual([]);
  });
});
