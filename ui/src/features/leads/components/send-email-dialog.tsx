import { SendLeadEmailBody } from "@crm/contracts/messaging/commands";
import { FormDialog, TextareaField, TextField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useSendLeadEmail } from "../api/send-email.ts";

export interface SendEmailDialogProps {
  lead: { id: string; name: string; email: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Send Email from the lead page: subject and message must both be non-blank (docs/product.md, "Meetings, mail and SMS"). */
export function SendEmailDialog({ lead, open, onOpenChange }: SendEmailDialogProps) {
  const send = useSendLeadEmail(lead.id);
  const form = useMutationForm({
    schema: SendLeadEmailBody,
    defaultValues: { subject: "", message: "" },
    submit: send.mutateAsync,
    invalid: { title: "Validation Error", description: "Please provide both subject and message." },
    failure: { title: "Email Failed", fallback: "Failed to send email. Please try again." },
    onSuccess: () => toast({ title: "Email Sent", description: `Your email to ${lead.email} is on its way.` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Send Email"
      description={`To ${lead.name} <${lead.email}>`}
      submitLabel="Send Email"
      pendingLabel="Sending..."
    >
      <TextField name="subject" label="Subject" />
      <TextareaField
        name="message"
        label="Message"
        rows={8}
        hint={
          <p className="text-xs text-muted-foreground">
            Sent as you write it, from you via the agency, with your profile's email signature under it. Replies come to you, or to the
            agency's reply-to address when one is set.
          </p>
        }
      />
    </FormDialog>
  );
}
