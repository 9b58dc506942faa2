import { describe, expect, it } from "vitest";
import { settingsDecider, type SettingsEvent } from "../src/settings/settings.decider.ts";
import { expectDecision } from "./support/decider-kit.ts";

const settings = expectDecision(settingsDecider);
const LOGO = { key: "settings/logo/5f0c9a52-0b7e-4a55-9d43-1f6a2f3e4b5c", contentType: "image/png", size: 120 };
const change = (data: SettingsEvent["data"]): SettingsEvent => ({ type: "AgencySettingsChanged", data });

describe("settings decider", () => {
  it("records only the fields that differ from the ones in force, MAIL_FROM's name standing in for an unset one", () => {
    settings
      .given([])
      .when({
        type: "ChangeSettings",
        changes: { agencyName: "Studio", senderName: "Ada", currency: "USD", weekStart: "Sunday" },
        defaultName: "Studio",
      })
      .thenEvents([change({ senderName: "Ada", weekStart: "Sunday" })]);
  });

  it("records nothing for a change to the values in force, an empty change included", () => {
    const given = [change({ replyTo: "hi@studio.test", timeZone: "Europe/Paris" })];
    settings
      .given(given)
      .when({ type: "ChangeSettings", changes: { replyTo: "hi@studio.test", timeZone: "Europe/Paris" }, defaultName: "S" })
      .thenEvents([]);
    settings.given(given).when({ type: "ChangeSettings", changes: {}, defaultName: "S" }).thenEvents([]);
    settings
      .given(given)
      .when({ type: "ChangeSettings", changes: { replyTo: null }, defaultName: "S" })
      .thenEvents([change({ replyTo: null })]);
  });

  it("sets a logo, and removes it only when there is one", () => {
    settings
      .given([])
      .when({ type: "SetLogo", logo: LOGO })
      .thenEvents([change({ logo: LOGO })]);
    settings.given([]).when({ type: "RemoveLogo" }).thenEvents([]);
    settings
      .given([change({ logo: LOGO })])
      .when({ type: "RemoveLogo" })
      .thenEvents([change({ logo: null })]);
    expect(settings.given([change({ logo: LOGO }), change({ currency: "EUR" })]).state).toMatchObject({
      logo: LOGO,
      currency: "EUR",
      agencyName: null,
    });
  });

  it("records only the stage probabilities that change and the lost reasons when the list differs; the state keeps every stage", () => {
    const given = [change({ stageProbabilities: { "Proposal Sent": 40 } })];
    settings
      .given(given)
      .when({
        type: "ChangeSettings",
        changes: { stageProbabilities: { "Proposal Sent": 40, Contacted: 25, "New Lead": 10 } },
        defaultName: "S",
      })
      .thenEvents([change({ stageProbabilities: { Contacted: 25 } })]);
    settings
      .given(given)
      .when({
        type: "ChangeSettings",
        changes: { lostReasons: ["Budget", "Chose another agency", "No response", "Timing", "Not a fit", "Other"] },
        defaultName: "S",
      })
      .thenEvents([]);
    settings
      .given(given)
      .when({ type: "ChangeSettings", changes: { lostReasons: ["Budget", "Ghosted"] }, defaultName: "S" })
      .thenEvents([change({ lostReasons: ["Budget", "Ghosted"] })]);
    const state = settings.given([...given, change({ stageProbabilities: { Contacted: 25 } }), change({ lostReasons: ["Ghosted"] })]).state;
    expect(state.stageProbabilities).toMatchObject({ "New Lead": 10, Contacted: 25, "Proposal Sent": 40, Active: 100 });
    expect(Object.keys(state.stageProbabilities)).toHaveLength(10);
    expect(state.lostReasons).toEqual(["Ghosted"]);
  });

  it("records only the stale limits that change, null (never) included; the state keeps every stage's limit", () => {
    const given = [change({ staleAfterDays: { Contacted: 10 } })];
    settings
      .given(given)
      .when({
        type: "ChangeSettings",
        changes: { staleAfterDays: { Contacted: 10, "New Lead": 3, "Proposal Sent": null, Active: 30 } },
        defaultName: "S",
      })
      .thenEvents([change({ staleAfterDays: { "Proposal Sent": null, Active: 30 } })]);
    // Active's default is already never: sending null for it changes nothing.
    settings
      .given(given)
      .when({ type: "ChangeSettings", changes: { staleAfterDays: { Contacted: 10, Active: null } }, defaultName: "S" })
      .thenEvents([]);
    const state = settings.given([...given, change({ staleAfterDays: { "Proposal Sent": null, Active: 30 } })]).state;
    expect(state.staleAfterDays).toMatchObject({ "New Lead": 3, Contacted: 10, "Proposal Sent": null, Active: 30 });
    expect(Object.keys(state.staleAfterDays)).toHaveLength(10);
  });
});
