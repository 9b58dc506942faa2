import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeEvent, decodeWith, encodeEvent, EVENT_DEFINITIONS, type DomainEvent, type EventDefinition } from "../src/events/registry.ts";
import { stageChangedEvent } from "../testing/lead-events.ts";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";

/** A test-only event whose data changed shape twice: v1 {fullName}, v2 {first,last}, v3 {first,last,tags}. */
const renamed: EventDefinition = {
  schemaVersion: 3,
  schema: z.strictObject({ first: z.string(), last: z.string(), tags: z.array(z.string()) }),
  upcasters: {
    1: ({ fullName, ...rest }) => {
      const [first = "", ...others] = String(fullName).split(" ");
      return { ...rest, first, last: others.join(" ") };
    },
    2: (data) => ({ ...data, tags: [] }),
  },
};

describe("event registry", () => {
  it("runs the upcaster chain from an old schema version up to the current one", () => {
    expect(decodeWith(renamed, "Renamed", 1, { fullName: "Ada King Lovelace" })).toEqual({ first: "Ada", last: "King Lovelace", tags: [] });
    expect(decodeWith(renamed, "Renamed", 2, { first: "Ada", last: "Lovelace" })).toEqual({ first: "Ada", last: "Lovelace", tags: [] });
    expect(decodeWith(renamed, "Renamed", 3, { first: "A", last: "L", tags: ["x"] })).toEqual({ first: "A", last: "L", tags: ["x"] });
  });

  it("validates the upcast data with the current schema", () => {
    expect(() => decodeWith(renamed, "Renamed", 2, { first: "Ada" })).toThrow(z.ZodError);
    expect(() => decodeWith(renamed, "Renamed", 3, { fullName: "Ada Lovelace" })).toThrow(z.ZodError);
  });

  it("refuses a missing upcaster and schema versions it does not know", () => {
    const gap: EventDefinition = { ...renamed, upcasters: { 2: renamed.upcasters![2]! } };
    expect(() => decodeWith(gap, "Renamed", 1, { fullName: "Ada" })).toThrow(/No upcaster for Renamed from schema version 1/);
    expect(() => decodeWith(renamed, "Renamed", 4, { first: "A", last: "L", tags: [] })).toThrow(/schema version 4/);
    expect(() => decodeWith(renamed, "Renamed", 0, {})).toThrow(/schema version 0/);
  });

  it("encodes a valid event with its current schema version and decodes it back", () => {
    const event: DomainEvent = stageChangedEvent(LEAD_ID, "New Lead", "Contacted");
    const encoded = encodeEvent(event);
    expect(encoded.schemaVersion).toBe(EVENT_DEFINITIONS.LeadStageChanged.schemaVersion);
    expect(decodeEvent(event.type, encoded.schemaVersion, encoded.data)).toEqual(event);
  });

  it("refuses invalid data on write and on read, and unknown types", () => {
    const bad = { type: "LeadStageChanged", data: { leadId: LEAD_ID, from: "New Lead", to: "Nowhere" } } as unknown as DomainEvent;
    expect(() => encodeEvent(bad)).toThrow(z.ZodError);
    expect(() => decodeEvent("LeadStageChanged", 1, bad.data)).toThrow(z.ZodError);
    expect(() => decodeEvent("LeadVanished", 1, {})).toThrow(/Unknown event type LeadVanished/);
  });
});
