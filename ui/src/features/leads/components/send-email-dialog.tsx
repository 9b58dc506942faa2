import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useSendLeadEmail } from "../api/send-message.ts";

export interface SendEmailDialogProps {
  lead: { id: string; name: string; email: string };
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Send Email from the lead page: subject and message must both be non-blank (docs/product.md, "Meetings, mail and SMS"). */
export function SendEmailDialog({ lead, open, onOpenChange }: SendEmailDialogProps) {
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const send = useSendLeadEmail(lead.id);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!subject.trim() || !message.trim()) {
      toast({ variant: "destructive", title: "Validation Error", description: "Please provide both subject and message." });
      return;
    }
    send.mutate(
      { subject: subject.trim(), message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: "Email Sent", description: `Your email to ${lead.email} is on its way.` });
          setSubject("");
          setMessage("");
          onOpenChange(false);
        },
        onError: (error) =>
          toast({
            variant: "destructive",
            title: "Email Failed",
            description: errorMessage(error, "Failed to send email. Please try again."),
          }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Send Email</DialogTitle>
          <DialogDescription>{`To ${lead.name} <${lead.email}>`}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-4" noValidate>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-message`}>Message</Label>
            <Textarea id={`${id}-message`} rows={8} value={message} onChange={(e) => setMessage(e.target.value)} />
          </div>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={send.isPending}>
            {send.isPending ? "Sending..." : "Send Email"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
