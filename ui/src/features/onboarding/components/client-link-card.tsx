import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ClientLinkControl } from "./client-link-control.tsx";

/** The lead page's "Client questionnaire link" card. */
export function ClientLinkCard({ leadId }: { leadId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Client questionnaire link</CardTitle>
        <CardDescription>
          The only key to the client's questionnaire. Copy it into your own message, or use Send Form, which mails a new link.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ClientLinkControl leadId={leadId} />
      </CardContent>
    </Card>
  );
}
