/**
 * Times a 5,000-row CSV import through the HTTP API (decisions/006). Not a test; run with
 * `npx tsx server/test/leads-import.measure.ts [pglite|postgres]`.
 */
import type { Backend } from "@crm/infra/testing/test-database";
import { call } from "../testing/http-client.ts";
import { signUpAs } from "../testing/sign-up-as.ts";
import { startTestApp } from "../testing/test-app.ts";

const backend = (process.argv[2] ?? "pglite") as Backend;
const app = await startTestApp(backend);
const { token } = await signUpAs(app, { role: "Partner" });
const rows = Array.from({ length: 5_000 }, (_, i) => `Person ${i},Business ${i},p${i}@example.com,,${["high", "medium", "low"][i % 3]}`);
const csv = ["Name,Business,Email,Phone,Priority", ...rows].join("\r\n");
const mapping = { name: "Name", business: "Business", email: "Email", phone: "Phone", priority: "Priority" };
for (const dryRun of [true, false, false]) {
  const start = performance.now();
  const res = await call(app, "/api/leads/import", { method: "POST", bearer: token, body: { csv, mapping, dryRun } });
  const ms = performance.now() - start;
  console.log(`${backend} ${dryRun ? "dry run" : "import"}: ${res.status} created ${res.body.created} updated ${res.body.updated} errors ${res.body.errors} in ${(ms / 1000).toFixed(1)} s`);
}
await app.close();
