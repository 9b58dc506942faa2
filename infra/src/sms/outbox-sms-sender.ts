import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SmsSender } from "./sms-sender.ts";

/** The default without Twilio: each SMS as a JSON file under DATA_DIR/outbox/sms, named by its id. */
export function createOutboxSmsSender(folder: string, now: () => Date = () => new Date()): SmsSender {
  return {
    transport: "outbox",
    async send(sms) {
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${sms.id.replace(/[^A-Za-z0-9-]/g, "")}.json`);
      await writeFile(file, `${JSON.stringify({ ...sms, writtenAt: now().toISOString() }, null, 2)}\n`);
      return { providerMessageId: file };
    },
  };
}
