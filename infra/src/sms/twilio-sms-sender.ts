import twilio from "twilio";
import type { SmsSender } from "./sms-sender.ts";

export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  from: string;
  /** Tests pass a RequestClient that sends to a loopback server. */
  httpClient?: InstanceType<typeof twilio.RequestClient>;
}

/** SMS through the Twilio SDK (Messages API). */
export function createTwilioSmsSender(settings: TwilioSettings): SmsSender {
  const client = twilio(settings.accountSid, settings.authToken, settings.httpClient ? { httpClient: settings.httpClient } : {});
  return {
    transport: "twilio",
    async send(sms) {
      const message = await client.messages.create({ to: sms.to, from: settings.from, body: sms.body });
      return { providerMessageId: message.sid };
    },
  };
}
