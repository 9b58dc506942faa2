// The IMAP intake in a process of its own, for inbound-imap-kill.int.test.ts to kill with SIGKILL at
// a chosen moment: it says "read" when a message reaches the sink, and "recorded <outcome>" when the
// sink is done, and waits (to be killed) before recording ("before") or before the poller marks
// the message ("after"). Its configuration comes from the environment, like the app's.
import { loadConfig } from "@crm/infra/config";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { createPostgresEventStore } from "@crm/infra/event-store/postgres-event-store";
import { openFileStorage } from "@crm/infra/storage/open-storage";
import { imapIntake } from "../../src/imap-intake.ts";

const pause = process.argv[2];
if (pause !== "before" && pause !== "after") throw new Error("usage: imap-intake-child.ts before|after");
const config = loadConfig();
const db = createPostgresDatabase(config.DATABASE_URL!);
const hold = () => new Promise((resolve) => setTimeout(resolve, 120_000));

const poller = imapIntake({
  config,
  store: createPostgresEventStore(db),
  storage: openFileStorage(config),
  now: () => new Date(),
  wrapSink: (real) => async (raw, channel) => {
    process.stdout.write("read\n");
    if (pause === "before") await hold();
    const outcome = await real(raw, channel);
    process.stdout.write(`recorded ${outcome}\n`);
    if (pause === "after") await hold();
    return outcome;
  },
});
if (!poller) throw new Error("IMAP_URL and INBOUND_ADDRESS must be set");
await poller.poll();
