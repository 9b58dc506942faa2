/**
 * What Express's prototype swap costs per request (decisions/037): the same POST with a JSON body
 * and a JSON answer, served by node:http alone, by an Express app as app.listen serves it (node
 * makes each request and response, then Express sets their prototypes to its own), and by the
 * same app through createHttpServer, which makes them with Express's prototypes from the start.
 * Alternating rounds at 32 connections; prints each server's median CPU per request.
 *
 *   npx tsx express-prototypes.ts [rounds] [seconds]
 */
import autocannon from "autocannon";
import { startAppProcess, type AppProcess } from "./lib/app-process.ts";
import { fmt, median } from "./lib/stats.ts";

const SERVERS = ["node", "express", "express-made"] as const;
const BODY = JSON.stringify({
  name: "Bench Lead 1",
  business: "Studio 1",
  email: "lead1@example.com",
  phone: null,
  source: "Referral",
  priority: "high",
});

export async function expressPrototypes(rounds: number, seconds: number, log = console.log) {
  const servers: { name: string; app: AppProcess }[] = [];
  try {
    for (const [i, name] of SERVERS.entries()) {
      const app = await startAppProcess({
        port: 5180 + i,
        entry: "bench/lib/express-echo-server.ts",
        env: { SERVER: name },
      });
      servers.push({ name, app });
    }
    const samples = new Map<string, number[]>();
    for (let round = 0; round <= rounds; round++) {
      for (const { name, app } of round % 2 === 0 ? servers : [...servers].reverse()) {
        const cpu0 = app.cpuSeconds();
        const result = await autocannon({
          url: app.url,
          connections: 32,
          duration: round === 0 ? 1 : seconds,
          headers: { "content-type": "application/json" },
          requests: [{ method: "POST", path: "/api/leads", body: BODY }],
        });
        const us = ((app.cpuSeconds() - cpu0) / result.requests.total) * 1e6;
        if (round === 0) continue; // warm-up
        samples.set(name, [...(samples.get(name) ?? []), us]);
        log(`round ${round} ${name}: ${fmt(result.requests.total / result.duration)} requests/s, ${fmt(us, 1)} µs of CPU per request`);
      }
    }
    for (const [name, values] of samples) log(`${name}: median ${fmt(median(values), 1)} µs of CPU per request`);
  } finally {
    await Promise.all(servers.map(({ app }) => app.stop()));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [rounds = "4", seconds = "4"] = process.argv.slice(2);
  await expressPrototypes(Number(rounds), Number(seconds));
}
