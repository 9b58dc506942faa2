import type { Config } from "../config.ts";
import { createOutboxSmsSender, smsOutboxFolder } from "./outbox-sms-sender.ts";
import type { SmsSender } from "./sms-sender.ts";
import { createTwilioSmsSender } from "./twilio-sms-sender.ts";

type SmsConfig = Pick<Config, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM" | "DATA_DIR">;

/** Whether all three TWILIO_* settings are present. */
export const twilioConfigured = (c: SmsConfig) => Boolean(c.TWILIO_ACCOUNT_SID && c.TWILIO_AUTH_TOKEN && c.TWILIO_FROM);

/** Twilio when TWILIO_* are set, else the outbox folder. */
export function createSmsSender(config: SmsConfig): SmsSender {
  if (twilioConfigured(config)) {
    return createTwilioSmsSender({ accountSid: config.TWILIO_ACCOUNT_SID!, authToken: config.TWILIO_AUTH_TOKEN!, from: config.TWILIO_FROM! });
  }
  return createOutboxSmsSender(smsOutboxFolder(config.DATA_DIR));
}
