import { describe, expect, it } from "vitest";
import { z } from "zod";
import { confirmsErasure } from "../src/erasure/erasure.ts";
import { REDACTED, redactValue, UnredactableFieldError } from "../src/erasure/redact.ts";
import { redactEvent } from "../src/erasure/redact-event.ts";
import { decodeEvent, type RecordedEvent } from "../src/events/registry.ts";
import { buildHistory } from "../src/history/build-history.ts";
import { AsOfQuery } from "../src/history/history.ts";
import { replayLead } from "../src/history/lead-snapshot.ts";

const LEAD = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const USER = "1b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a02";
let n = 0;
function recorded(type: string, data: object, at = `2026-01-0${(n % 9) + 1}T10:00:00.000Z`, streamId = `lead-${LEAD}`): RecordedEvent {
  n++;
  return {
    ...decodeEvent(type, 1, data),
    eventId: `e${n}`,
    metadata: { actor: USER, at, commandId: `c${n}`, correlationId: `c${n}` },
    streamId,
    streamVersion: n,
    position: `00000000000000000001-${String(n).padStart(20, "0")}`,
    schemaVersion: 1,
  } as RecordedEvent;
}
const created = { leadId: LEAD, name: "Ada", business: "Engines", email: "ada@example.com", phone: null, source: "web", priority: "high", notes: "secret", proposalLink: null, contractStatus: null, stage: "New Lead" };

describe("lead history", () => {
  it("folds the lead and says what each event changed", () => {
    n = 0;
    const events = [
      recorded("LeadCreated", created),
      recorded("LeadDetailsChanged", { leadId: LEAD, changes: { name: "Ada King", phone: "555" } }),
      recorded("LeadStageChanged", { leadId: LEAD, from: "New Lead", to: "Contacted" }),
    ];
    expect(replayLead(events)).toMatchObject({ id: LEAD, name: "Ada King", phone: "555", stage: "Contacted", version: 3, createdBy: USER, lastActivity: "Stage changed to Contacted" });
    expect(replayLead(events.slice(0, 1))).toMatchObject({ name: "Ada", stage: "New Lead", version: 1 });
    const history = buildHistory(events, new Map([[USER, "Pat"]]));
    expect(history[1]!.changes).toEqual([
      { field: "name", before: "Ada", after: "Ada King" },
      { field: "phone", before: null, after: "555" },
    ]);
    expect(history[2]).toMatchObject({ summary: "Stage changed to Contacted", actor: { id: USER, name: "Pat" }, leadVersion: 3 });
  });

  it("reads asOf as a position or an instant, and nothing else", () => {
    expect(AsOfQuery.parse({ asOf: "5-7" }).asOf).toEqual({ kind: "position", position: "5-7" });
    expect(AsOfQuery.parse({ asOf: "2026-01-02T03:04:05+01:00" }).asOf).toEqual({ kind: "instant", at: "2026-01-02T02:04:05.000Z" });
    for (const bad of ["", "yesterday", "5-", "2026-01-02"]) expect(AsOfQuery.safeParse({ asOf: bad }).success).toBe(false);
  });
});

describe("erasure", () => {
  it("redacts free text but keeps ids, enums, numbers and instants, still valid for the schema", () => {
    const redacted = redactEvent({ type: "LeadCreated", data: created } as RecordedEvent);
    expect(redacted).toEqual({ ...created, name: REDACTED, business: REDACTED, email: REDACTED, source: REDACTED, notes: REDACTED });
    const meeting = { meetingId: USER, leadId: LEAD, title: "Call Ada", type: "general", meetingType: "in-person", location: "Ada's house", startTime: "2026-01-01T10:00:00.000Z", endTime: "2026-01-01T11:00:00.000Z", notes: null, attendeeEmail: "ada@example.com", conferenceProvider: null, joinLink: null };
    expect(redactEvent({ type: "MeetingScheduled", data: meeting } as unknown as RecordedEvent)).toEqual({ ...meeting, title: REDACTED, location: REDACTED, attendeeEmail: REDACTED });
  });

  it("picks a marker the field accepts and refuses a field no marker fits", () => {
    const schema = z.object({ email: z.email(), site: z.url(), tags: z.array(z.string()), code: z.string().regex(/^\d+$/) });
    expect(redactValue({ email: "a@b.co", site: "https://ada.example", tags: ["Ada"] }, schema)).toEqual({ email: "erased@erased.invalid", site: "https://erased.invalid/", tags: [REDACTED] });
    expect(() => redactValue({ code: "123" }, schema)).toThrow(UnredactableFieldError);
  });

  it("accepts the lead's name in any case, or ERASE, as confirmation", () => {
    expect(confirmsErasure(" ada lovelace ", "Ada Lovelace")).toBe(true);
    expect(confirmsErasure("ERASE", "Ada")).toBe(true);
    expect(confirmsErasure("erase", "Ada")).toBe(false);
    expect(confirmsErasure("Ada L", "Ada Lovelace")).toBe(false);
  });
});

describe("schema evolution", () => {
  it("upcasts CreativeDirectorUnassigned v1 (previousDirectorId) to v2 (creativeDirectorId)", () => {
    expect(decodeEvent("CreativeDirectorUnassigned", 1, { leadId: LEAD, previousDirectorId: USER })).toEqual({ type: "CreativeDirectorUnassigned", data: { leadId: LEAD, creativeDirectorId: USER } });
    expect(decodeEvent("CreativeDirectorUnassigned", 2, { leadId: LEAD, creativeDirectorId: USER }).data).toEqual({ leadId: LEAD, creativeDirectorId: USER });
    expect(() => decodeEvent("CreativeDirectorUnassigned", 2, { leadId: LEAD, previousDirectorId: USER })).toThrow(z.ZodError);
  });
});
