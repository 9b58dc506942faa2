import { replySubject } from "@crm/contracts/inbound/reply";
import { SendLeadEmailBody } from "@crm/contracts/messaging/commands";
import { FormDialog, TextareaField, TextField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useSendLeadEmail } from "../api/send-email.ts";

/** The received message a reply answers: its id (sent as inReplyTo), subject and sender. */
export interface ReplyTarget {
  id: string;
  subject: string;
  fromName: string;
  fromAddress: string;
}

export interface SendEmailDialogProps {
  lead: { id: string; name: string; email: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Reply mode (docs/product.md, "Replies"): the subject starts as "Re: …" and the mail goes out in the message's thread. */
  replyTo?: ReplyTarget | undefined;
}

/**
 * Send Email from the lead page: subject and message must both be non-blank (docs/product.md, "Meetings, mail
 * and SMS"). In reply mode it answers a received message in its thread, quoting nothing.
 */
export function SendEmailDialog({ lead, open, onOpenChange, replyTo }: SendEmailDialogProps) {
  const send = useSendLeadEmail(lead.id);
  const form = useMutationForm({
    schema: SendLeadEmailBody,
    defaultValues: { subject: replyTo ? replySubject(replyTo.subject) : "", message: "" },
    submit: (values: SendLeadEmailBody) => send.mutateAsync(replyTo ? { ...values, inReplyTo: replyTo.id } : values),
    invalid: { title: "Validation Error", description: "Please provide both subject and message." },
    failure: { title: replyTo ? "Reply Failed" : "Email Failed", fallback: "Failed to send email. Please try again." },
    onSuccess: () =>
      toast(
        replyTo
          ? { title: "Reply Sent", description: `Your reply to ${lead.email} is on its way, in the same thread.` }
          : { title: "Email Sent", description: `Your email to ${lead.email} is on its way.` },
      ),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title={replyTo ? "Reply" : "Send Email"}
      description={
        replyTo
          ? `To ${lead.name} <${lead.email}>, answering "${replyTo.subject}" from ${replyTo.fromName || replyTo.fromAddress}`
          : `To ${lead.name} <${lead.email}>`
      }
      submitLabel={replyTo ? "Send Reply" : "Send Email"}
      pendingLabel="Sending..."
    >
      <TextField name="subject" label="Subject" />
      <TextareaField
        name="message"
        label="Message"
        rows={8}
        hint={
          <p className="text-xs text-muted-foreground">
            Sent as you write it, from you via the agency, with your profile's email signature under it.
          </p>
        }
      />
    </FormDialog>
  );
}
