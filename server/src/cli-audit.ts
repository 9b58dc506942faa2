import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { SignedCheckpoint, type AuditVerification } from "@crm/contracts/audit/verify";
import type { Ledger } from "@crm/infra/audit/event-chain";
import type { System } from "./system.ts";

export const AUDIT_USAGE = `  audit verify [--checkpoint FILE]
                                  recompute the chain over the whole log; with FILE, also check a
                                  checkpoint kept elsewhere. Exit status 1 when anything fails
  audit checkpoint --export FILE  sign the chain's head now and write it (JSON) for safekeeping; - is stdout
  audit key                       the public key that signs checkpoints (PEM)
`;

/** Thrown for a verification that fails: the CLI prints it and exits with 1. */
export class AuditFailure extends Error {}

function ledgerOf(system: System): Ledger {
  if (!system.ledger) throw new AuditFailure("Events are in KurrentDB (KURRENTDB_URL): the ledger chains the Postgres log only.");
  return system.ledger;
}

function describe(v: AuditVerification): string[] {
  const lines = [
    `${v.status === "intact" ? "Intact" : "BROKEN"}: ${v.checked.toLocaleString("en")} events checked` +
      (v.erased > 0 ? `, ${v.erased} erased under seal` : "") +
      (v.head ? `; head ${v.head.seq} at ${v.head.position}, hash ${v.head.hash}` : "; the log is empty"),
  ];
  if (v.firstBreak) {
    const b = v.firstBreak;
    lines.push(`First break: event ${b.seq ?? "(not chained)"} at ${b.position} is ${b.reason}` + (b.eventId ? ` (${b.type} ${b.eventId} in ${b.streamId})` : ""));
  }
  lines.push(`Checkpoints: ${v.checkpoints.checked} stored, ${v.checkpoints.failed.length} failing`);
  for (const f of v.checkpoints.failed) lines.push(`  checkpoint at event ${f.seq}, signed ${f.signedAt}: ${f.reason}`);
  return lines;
}

/** `crm audit verify`: chains what is pending, then recomputes everything. */
export async function auditVerifyCommand(system: System, args: string[]) {
  const { values } = parseArgs({ args, strict: true, options: { checkpoint: { type: "string" } } });
  const ledger = ledgerOf(system);
  await ledger.catchUp();
  const started = performance.now();
  const verification = await ledger.verify();
  const seconds = (performance.now() - started) / 1000;
  for (const line of describe(verification)) console.log(line);
  console.log(`Verified in ${seconds.toFixed(2)} s (${Math.round(verification.checked / Math.max(seconds, 1e-9)).toLocaleString("en")} events/s)`);
  let failed = verification.status !== "intact";
  if (values.checkpoint) {
    const kept = SignedCheckpoint.parse(JSON.parse(readFileSync(values.checkpoint, "utf8")));
    const outcome = await ledger.checkAgainst(kept);
    console.log(outcome.holds ? `The checkpoint of event ${kept.seq}, signed ${kept.signedAt}, holds.` : `The checkpoint of event ${kept.seq} FAILS: ${outcome.reason}.`);
    failed ||= !outcome.holds;
  }
  if (failed) throw new AuditFailure("The log does not verify.");
}

/** `crm audit checkpoint --export FILE`. */
export async function auditCheckpointCommand(system: System, args: string[]) {
  const { values } = parseArgs({ args, strict: true, options: { export: { type: "string" } } });
  if (!values.export) throw new AuditFailure("Usage: crm audit checkpoint --export FILE");
  const ledger = ledgerOf(system);
  await ledger.catchUp();
  const checkpoint = await ledger.checkpoint();
  if (!checkpoint) throw new AuditFailure("The log is empty: there is nothing to sign yet.");
  const json = `${JSON.stringify(checkpoint, null, 2)}\n`;
  if (values.export === "-") process.stdout.write(json);
  else {
    writeFileSync(values.export, json);
    console.log(`${values.export}: event ${checkpoint.seq} at ${checkpoint.position}, signed ${checkpoint.signedAt} by key ${checkpoint.keyId}`);
  }
}

/** `crm audit key`. */
export async function auditKeyCommand(system: System) {
  process.stdout.write(system.auditKey.publicKeyPem);
}
