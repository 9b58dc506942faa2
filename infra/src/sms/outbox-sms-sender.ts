import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SmsSender } from "./sms-sender.ts";

/** The outbox folder of a DATA_DIR. */
export const smsOutboxFolder = (dataDir: string) => path.join(dataDir, "outbox", "sms");

/** The file an SMS is written to, by its id: what an erasure deletes (decisions/039). */
export const outboxSmsFile = (folder: string, id: string) => path.join(folder, `${id.replace(/[^A-Za-z0-9-]/g, "")}.json`);

/** The default without Twilio: each SMS as a JSON file under DATA_DIR/outbox/sms, named by its id. */
export function createOutboxSmsSender(folder: string, now: () => Date = () => new Date()): SmsSender {
  return {
    transport: "outbox",
    async send(sms) {
      await mkdir(folder, { recursive: true });
      const file = outboxSmsFile(folder, sms.id);
      await writeFile(file, `${JSON.stringify({ ...sms, writtenAt: now().toISOString() }, null, 2)}\n`);
      return { providerMessageId: file };
    },
  };
}
