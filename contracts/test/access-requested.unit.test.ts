import { describe, expect, it } from "vitest";
import { decodeEvent, encodeEvent, EVENT_DEFINITIONS } from "../src/events/registry.ts";

const USER = "3f0c9a52-1b6e-4f8e-9d1a-7c2b5e4d3a10";
const stored = { userId: USER, email: "cleo@example.com", displayName: "Cleo", role: "Creative Director" as const };

describe("AccessRequested's previousRejectionAt (decisions/040)", () => {
  it("reads a request stored before the field existed as a first request, still schema version 1", () => {
    expect(EVENT_DEFINITIONS.AccessRequested.schemaVersion).toBe(1);
    const decoded = decodeEvent("AccessRequested", 1, stored);
    expect(decoded).toEqual({ type: "AccessRequested", data: stored });
    expect("previousRejectionAt" in decoded.data).toBe(false);
  });

  it("keeps a re-application's rejection time, and refuses one that is not a time", () => {
    const data = { ...stored, previousRejectionAt: "2026-11-21T12:00:00.000Z" };
    expect(encodeEvent({ type: "AccessRequested", data })).toEqual({ data, schemaVersion: 1 });
    expect(decodeEvent("AccessRequested", 1, data).data).toEqual(data);
    expect(() => decodeEvent("AccessRequested", 1, { ...stored, previousRejectionAt: "yesterday" })).toThrow();
  });
});
