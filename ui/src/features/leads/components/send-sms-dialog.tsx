import { useId } from "react";
import { SendSmsBody, SMS_MAX_LENGTH } from "@crm/contracts/messaging/commands";
import { FormDialog, FormField, useMutationForm } from "@/components/form";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useSendLeadSms } from "../api/send-sms.ts";

export interface SendSmsDialogProps {
  lead: { id: string; name: string; phone: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Send SMS from the lead page: at most 1600 characters, with a live counter (docs/product.md, "Limits and constants"). */
export function SendSmsDialog({ lead, open, onOpenChange }: SendSmsDialogProps) {
  const send = useSendLeadSms(lead.id);
  const countId = useId();
  const form = useMutationForm({
    schema: SendSmsBody,
    defaultValues: { message: "" },
    submit: send.mutateAsync,
    invalid: { title: "Validation Error", description: "Please provide a message." },
    failure: { title: "SMS Failed", fallback: "Failed to send SMS. Please try again." },
    onSuccess: () => toast({ title: "SMS Sent", description: `Your message to ${lead.phone} is on its way.` }),
  });
  const length = form.watch("message").length;
  const counter = (
    <p
      id={countId}
      className={cn(
        "text-right text-xs tabular-nums text-muted-foreground",
        length > SMS_MAX_LENGTH * 0.9 && "font-medium text-destructive",
      )}
    >
      {length}/{SMS_MAX_LENGTH} characters
    </p>
  );
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Send SMS"
      description={`To ${lead.name} at ${lead.phone}`}
      submitLabel="Send SMS"
      pendingLabel="Sending..."
    >
      <FormField
        name="message"
        label="Message"
        hint={counter}
        render={({ value, onChange, "aria-describedby": errorId, ...control }) => (
          <Textarea
            {...control}
            rows={6}
            maxLength={SMS_MAX_LENGTH}
            aria-describedby={errorId ? `${countId} ${errorId}` : countId}
            value={value as string}
            onChange={(e) => onChange(e.target.value.slice(0, SMS_MAX_LENGTH))}
          />
        )}
      />
    </FormDialog>
  );
}
