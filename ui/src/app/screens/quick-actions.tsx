import { CalendarPlus, Send, UserCheck } from "lucide-react";
import { useState } from "react";
import type { Lead } from "@crm/contracts/lead/answers";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScheduleMeetingDialog, SendFormDialog } from "@/features/leads";
import { AssignDirectorDialog } from "@/features/onboarding";
import { useMayChange } from "@/lib/session";

type Open = "form" | "meeting" | "director" | null;

/**
 * Send Onboarding Form, Schedule Meeting and Assign Director. The server moves the client forward
 * when an onboarding form goes out or an onboarding meeting is booked (onboarding-progress reactor).
 * None for an Auditor, who reads onboarding and changes nothing.
 */
export function QuickActions({ client }: { client: Lead }) {
  const changes = useMayChange();
  const [open, setOpen] = useState<Open>(null);
  const toggle = (which: Exclude<Open, null>) => (next: boolean) => setOpen(next ? which : null);
  const lead = { id: client.id, name: client.name, email: client.email };
  if (!changes) return null;
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle className="text-base">Quick Actions</CardTitle>
        <CardDescription>The next steps for {client.name}.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2 sm:flex sm:flex-wrap">
        <Button variant="outline" className="justify-start" onClick={() => setOpen("form")}>
          <Send aria-hidden="true" />
          Send Onboarding Form
        </Button>
        <Button variant="outline" className="justify-start" onClick={() => setOpen("meeting")}>
          <CalendarPlus aria-hidden="true" />
          Schedule Meeting
        </Button>
        <Button variant="outline" className="justify-start" onClick={() => setOpen("director")}>
          <UserCheck aria-hidden="true" />
          Assign Director
        </Button>
      </CardContent>
      <SendFormDialog lead={lead} open={open === "form"} onOpenChange={toggle("form")} defaultFormType="onboarding" />
      <ScheduleMeetingDialog lead={lead} open={open === "meeting"} onOpenChange={toggle("meeting")} defaultType="onboarding" />
      <AssignDirectorDialog client={client} open={open === "director"} onOpenChange={toggle("director")} />
    </Card>
  );
}
