/**
 * The limit of an HTTP command on this machine (bench/command-http.ts): node:http without a
 * framework, the body read and parsed as JSON, one single-row INSERT commit into a table shaped like
 * events, a small JSON answer. Any command path over HTTP does at least this much; no session
 * check, validation, stream load, decision, log line or group commit.
 *
 * Run as its own process, as the app is: PORT and DATABASE_URL from the environment; the table
 * (limit_events) exists before it starts.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { createPostgresDatabase } from "@crm/infra/db/postgres-database";
import { named } from "@crm/infra/db/database";

const db = createPostgresDatabase(process.env.DATABASE_URL!);
const INSERT = named(
  `INSERT INTO limit_events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
   VALUES ($1, 1, $2, 'LeadCreated', 1, $3, $4) RETURNING global_position`,
);

async function record(body: string): Promise<string> {
  const data = JSON.parse(body) as object;
  const id = randomUUID();
  const { rows } = await db.query<{ global_position: string }>(INSERT, [`lead-${id}`, randomUUID(), JSON.stringify(data), "{}"]);
  return JSON.stringify({ id, position: rows[0]!.global_position });
}

const server = http.createServer((req, res) => {
  if (req.method !== "POST") return void res.writeHead(200, { "content-type": "application/json" }).end("{}"); // the bench's start check
  const chunks: Buffer[] = [];
  req.on("data", (chunk: Buffer) => chunks.push(chunk));
  req.on("end", () => {
    record(Buffer.concat(chunks).toString("utf8")).then(
      (answer) => res.writeHead(201, { "content-type": "application/json" }).end(answer),
      (error: Error) => res.writeHead(500, { "content-type": "text/plain" }).end(error.message),
    );
  });
});
server.listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
process.on("SIGTERM", () => server.close(() => void db.close().then(() => process.exit(0))));
