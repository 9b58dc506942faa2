import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { cn } from "@/lib/utils";
import { useSendLeadSms } from "../api/send-message.ts";

/** docs/product.md, "Limits and constants" (contracts/messaging SMS_MAX_LENGTH, repeated to keep zod out of the page). */
export const SMS_MAX_LENGTH = 1600;

export interface SendSmsDialogProps {
  lead: { id: string; name: string; phone: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Send SMS from the lead page: at most 1600 characters, with a live counter. */
export function SendSmsDialog({ lead, open, onOpenChange }: SendSmsDialogProps) {
  const [message, setMessage] = useState("");
  const send = useSendLeadSms(lead.id);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!message.trim()) {
      toast({ variant: "destructive", title: "Validation Error", description: "Please provide a message." });
      return;
    }
    send.mutate(
      { message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: "SMS Sent", description: `Your message to ${lead.phone} is on its way.` });
          setMessage("");
          onOpenChange(false);
        },
        onError: (error) =>
          toast({ variant: "destructive", title: "SMS Failed", description: errorMessage(error, "Failed to send SMS. Please try again.") }),
      },
    );
  }

  const nearLimit = message.length > SMS_MAX_LENGTH * 0.9;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send SMS</DialogTitle>
          <DialogDescription>{`To ${lead.name} at ${lead.phone}`}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-2" noValidate>
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea
            id={`${id}-message`}
            rows={6}
            maxLength={SMS_MAX_LENGTH}
            aria-describedby={`${id}-count`}
            value={message}
            onChange={(e) => setMessage(e.target.value.slice(0, SMS_MAX_LENGTH))}
          />
          <p
            id={`${id}-count`}
            className={cn("text-right text-xs tabular-nums text-muted-foreground", nearLimit && "font-medium text-destructive")}
          >
            {message.length}/{SMS_MAX_LENGTH} characters
          </p>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send SMS"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
