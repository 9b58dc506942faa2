import { ArrowUpRight, Building2, Mail, Phone, Palette } from "lucide-react";
import { Link } from "react-router";
import type { Lead } from "@crm/contracts/lead/answers";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useMayChange } from "@/lib/session";
import { initials } from "@/lib/utils";
import { ClientLinkControl } from "./client-link-control.tsx";

/** Who the client is: contact details, stage, director, the client questionnaire link and the link to the lead. */
export function ClientCard({ client, directorName }: { client: Lead; directorName: string | null }) {
  // An Auditor reads onboarding; the link's controls would create or revoke one.
  const changes = useMayChange();
  return (
    <Card className="gap-4">
      <CardHeader className="flex flex-row items-center gap-3">
        <Avatar className="size-11">
          <AvatarFallback className="text-sm">{initials(client.name)}</AvatarFallback>
        </Avatar>
        <div className="min-w-0">
          <CardTitle className="truncate text-base">{client.name}</CardTitle>
          <p className="truncate text-sm text-muted-foreground">{client.business}</p>
        </div>
      </CardHeader>
      <CardContent className="grid gap-2.5 text-sm">
        <Badge variant="secondary">{client.stage}</Badge>
        <p className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <a href={`mailto:${client.email}`} className="truncate hover:underline">
            {client.email}
          </a>
        </p>
        {client.phone && (
          <p className="flex items-center gap-2">
            <Phone className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            {client.phone}
          </p>
        )}
        <p className="flex items-center gap-2">
          <Building2 className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          {client.business}
        </p>
        <p className="flex items-center gap-2">
          <Palette className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            <span className="text-muted-foreground">Creative director: </span>
            {directorName ?? "Not assigned"}
          </span>
        </p>
        <section aria-labelledby={`client-link-${client.id}`} className="mt-2 grid gap-2 border-t pt-3">
          <h3 id={`client-link-${client.id}`} className="text-sm font-semibold">
            Client questionnaire link
          </h3>
          {changes ? (
            <ClientLinkControl leadId={client.id} />
          ) : (
            <p className="text-sm text-muted-foreground">Managed by Partners and Project Managers.</p>
          )}
        </section>
      </CardContent>
      <CardFooter className="flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <Link to={`/lead/${client.id}`}>
            View lead
            <ArrowUpRight aria-hidden="true" />
          </Link>
        </Button>
      </CardFooter>
    </Card>
  );
}
