import { AlertTriangle, Link2, Link2Off, LoaderCircle, RefreshCw } from "lucide-react";
import { useState } from "react";
import type { ClientLinkCreated, ClientLinkSummary } from "@crm/contracts/client-link/answers";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDate } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCreateClientLink } from "../api/create-client-link.ts";
import { useClientLink } from "../api/get-client-link.ts";
import { useRevokeClientLink } from "../api/revoke-client-link.ts";
import { NewLinkBox } from "./new-link-box.tsx";
import { useTimeZone } from "@/api/use-time-zone";

export interface ClientLinkControlProps {
  leadId: string;
}

function LiveLinkStatus({ link }: { link: ClientLinkSummary | null }) {
  const zone = useTimeZone();
  if (!link)
    return <p className="text-sm text-muted-foreground">No live link: the client cannot open the questionnaire until you create one.</p>;
  return (
    <div className="grid gap-2 text-sm">
      <p>
        A link is live, created {formatDate(link.issuedAt, zone)}
        {link.expiresAt ? ` and working until ${formatDate(link.expiresAt, zone)}` : ""}.
      </p>
      {link.floodedAt && (
        <p role="alert" className="flex items-start gap-2 rounded-lg border border-amber-500/40 bg-amber-500/10 p-3">
          <AlertTriangle className="mt-0.5 size-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden="true" />
          Many submissions came through this link on {formatDate(link.floodedAt, zone)}. If it may have leaked, create a new link and send
          it to the client.
        </p>
      )}
    </div>
  );
}

/**
 * "Client questionnaire link" (decisions/038): the lead's live link, "Create new link" (shown once,
 * with a copy button; it replaces the old one) and "Revoke link".
 */
export function ClientLinkControl({ leadId }: ClientLinkControlProps) {
  const status = useClientLink(leadId);
  const create = useCreateClientLink(leadId);
  const revoke = useRevokeClientLink(leadId);
  const [created, setCreated] = useState<ClientLinkCreated | null>(null);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const live = status.data?.questionnaire ?? null;
  const busy = create.isPending || revoke.isPending;

  const onCreate = () =>
    create.mutate(undefined, {
      onSuccess: (link) => setCreated(link),
      onError: (error) =>
        toast({ variant: "destructive", title: "Could not create a link", description: errorMessage(error, "Please try again.") }),
    });
  const onRevoke = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setCreated(null);
        setConfirmRevoke(false);
        toast({ title: "Link Revoked", description: "The client's questionnaire link no longer works." });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: "Could not revoke the link", description: errorMessage(error, "Please try again.") }),
    });

  if (status.isPending) return <Skeleton className="h-16 rounded-lg" aria-label="Loading the client link" />;
  if (status.isError) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-destructive">Could not load the client link.</span>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          <RefreshCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-3">
      {created && created.id === live?.id ? (
        <NewLinkBox url={created.url} replaced={created.replaced !== null} />
      ) : (
        <LiveLinkStatus link={live} />
      )}
      {live && !created && (
        <p className="text-xs text-muted-foreground">A new link replaces this one: the old link stops working at once.</p>
      )}
      {confirmRevoke ? (
        <div
          role="group"
          aria-label="Confirm revoking the link"
          className="grid gap-2 rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p>Revoke the link? The client will no longer be able to open the questionnaire.</p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" disabled={busy} onClick={onRevoke}>
              {revoke.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Link2Off aria-hidden="true" />}
              {revoke.isPending ? "Revoking..." : "Revoke"}
            </Button>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirmRevoke(false)}>
              Keep link
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy} onClick={onCreate}>
            {create.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Link2 aria-hidden="true" />}
            {create.isPending ? "Creating..." : "Create new link"}
          </Button>
          {live && (
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirmRevoke(true)}>
              <Link2Off aria-hidden="true" />
              Revoke link
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
