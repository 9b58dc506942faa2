import { Download, RefreshCw, ShieldAlert, ShieldCheck } from "lucide-react";
import type { AuditVerification, ChainBreak, ChainBreakReason, CheckpointFailure, SignedCheckpoint } from "@crm/contracts/audit/verify";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { useTimeZone } from "@/api/use-time-zone";
import { useVerification } from "../api/get-verification.ts";

/** What each kind of break means, said to someone who did not write the chain. */
const BREAK_MEANING: Record<ChainBreakReason, string> = {
  altered: "its contents were changed after it was recorded",
  missing: "it was removed from the log",
  inserted: "it was added to the log without being chained",
  link: "the chain's own record of it was changed",
};

const CHECKPOINT_FAILURE: Record<CheckpointFailure["reason"], string> = {
  signature: "its signature does not verify",
  hash: "the chain no longer ends in the hash it signed",
  missing: "the events it covered are gone",
};

/** The latest signed checkpoint as a JSON file, kept by the auditor to check later logs against. */
function checkpointHref(checkpoint: SignedCheckpoint): string {
  return `data:application/json;charset=utf-8,${encodeURIComponent(`${JSON.stringify(checkpoint, null, 2)}\n`)}`;
}

/** "Log broken at event #42 (LeadCreated of lead-…): its contents were changed after it was recorded." */
function describeBreak(broken: ChainBreak): string {
  const where = broken.seq === null ? `the event at position ${broken.position}` : `event #${broken.seq}`;
  const what = [broken.type, broken.streamId && `of ${broken.streamId}`].filter(Boolean).join(" ");
  return `Log broken at ${where}${what ? ` (${what})` : ""}: ${BREAK_MEANING[broken.reason]}.`;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** The chain's verification: intact (how many events, the last signed checkpoint) or broken (the first broken event), and the checkpoint's download. */
export function VerifyStatus() {
  const verification = useVerification();
  if (verification.isPending) {
    return (
      <div role="status" aria-label="Verifying the log" className="grid gap-2 rounded-xl border p-4">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    );
  }
  if (verification.error) {
    return (
      <div
        role="alert"
        className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4"
      >
        <p className="text-sm">
          <span className="font-medium">Could not verify the log.</span>{" "}
          <span className="text-muted-foreground">{errorMessage(verification.error, "The server did not answer.")}</span>
        </p>
        <Button variant="outline" size="sm" onClick={() => void verification.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (!verification.data) return null;
  return (
    <VerificationPanel verification={verification.data} verifying={verification.isFetching} onVerify={() => void verification.refetch()} />
  );
}

function VerificationPanel({
  verification,
  verifying,
  onVerify,
}: {
  verification: AuditVerification;
  verifying: boolean;
  onVerify: () => void;
}) {
  const zone = useTimeZone();
  const latest = verification.checkpoints.latest;
  const intact = verification.status === "intact";
  const signed = latest ? `last checkpoint signed ${formatDateTime(latest.signedAt, zone)}` : "no checkpoint signed yet";
  const broken = verification.firstBreak;
  return (
    <section
      aria-label="Verification of the log"
      className={
        intact
          ? "flex flex-wrap items-start justify-between gap-3 rounded-xl border border-emerald-600/30 bg-emerald-600/5 p-4"
          : "flex flex-wrap items-start justify-between gap-3 rounded-xl border border-destructive/50 bg-destructive/10 p-4"
      }
    >
      <div className="flex min-w-0 flex-1 gap-3">
        {intact ? (
          <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-700 dark:text-emerald-400" aria-hidden="true" />
        ) : (
          <ShieldAlert className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden="true" />
        )}
        <div className="grid min-w-0 gap-1 text-sm" role={intact ? "status" : "alert"}>
          {intact ? (
            <p className="font-medium">{`Log intact — ${count(verification.checked, "event")} verified, ${signed}`}</p>
          ) : (
            <p className="font-medium">{broken ? describeBreak(broken) : "Log broken: a signed checkpoint no longer holds."}</p>
          )}
          <p className="text-muted-foreground">
            {[
              `Checked ${formatDateTime(verification.verifiedAt, zone)}`,
              !intact && `${count(verification.checked, "event")} checked, ${signed}`,
              verification.erased > 0 && `${count(verification.erased, "event")} erased by a signed erasure`,
              verification.pending > 0 && `${count(verification.pending, "newer event")} still being chained`,
            ]
              .filter(Boolean)
              .join(" · ")}
          </p>
          {verification.checkpoints.failed.map((failure) => (
            <p key={`${failure.seq}-${failure.signedAt}`} className="text-destructive">
              {`The checkpoint signed ${formatDateTime(failure.signedAt, zone)} (event #${failure.seq}) fails: ${CHECKPOINT_FAILURE[failure.reason]}.`}
            </p>
          ))}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={onVerify} disabled={verifying}>
          <RefreshCw aria-hidden="true" className={verifying ? "animate-spin" : undefined} />
          {verifying ? "Verifying…" : "Verify again"}
        </Button>
        {latest && (
          <Button variant="outline" size="sm" asChild>
            <a href={checkpointHref(latest)} download={`audit-checkpoint-${latest.seq}.json`}>
              <Download aria-hidden="true" />
              Download checkpoint
            </a>
          </Button>
        )}
      </div>
    </section>
  );
}
