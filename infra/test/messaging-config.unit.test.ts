import { describe, expect, it } from "vitest";
import { googleCalendarSettings } from "../src/calendar/google-calendar.ts";
import { jitsiLink } from "../src/calendar/jitsi.ts";
import { loadConfig } from "../src/config.ts";
import { twilioConfigured } from "../src/sms/create-sms-sender.ts";

describe("messaging configuration", () => {
  it("uses the outbox and Jitsi when no provider is configured", () => {
    const config = loadConfig({});
    expect(twilioConfigured(config)).toBe(false);
    expect(googleCalendarSettings(config)).toBeUndefined();
    expect(config.MAIL_FROM).toBe("Agency CRM <crm@localhost>");
  });

  it("turns Twilio and Google on when all their settings are present", () => {
    const config = loadConfig({
      TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+15550001111",
      GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s", GOOGLE_REFRESH_TOKEN: "r",
    });
    expect(twilioConfigured(config)).toBe(true);
    expect(googleCalendarSettings(config)).toMatchObject({ calendarId: "primary", apiUrl: "https://www.googleapis.com/calendar/v3" });
  });

  it("refuses half a provider configuration at start, naming it", () => {
    expect(() => loadConfig({ TWILIO_ACCOUNT_SID: "AC1" })).toThrow(/TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM together/);
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: "id", GOOGLE_CLIENT_SECRET: "s" })).toThrow(/GOOGLE_CLIENT_ID/);
  });
});

describe("Jitsi links", () => {
  it("makes a 20-character room name from random bytes under the configured server", () => {
    const link = jitsiLink("https://meet.example/", (size) => Buffer.alloc(size, 0));
    expect(link).toBe(`https://meet.example/crm-${"a".repeat(20)}`);
    expect(jitsiLink("https://meet.jit.si")).not.toBe(jitsiLink("https://meet.jit.si"));
  });
});
