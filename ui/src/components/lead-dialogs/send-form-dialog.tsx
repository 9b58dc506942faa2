import { useEffect, useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { defaultFormSubject, FORM_TYPES, type FormType } from "./form-types.ts";
import type { LeadRef } from "./lead-ref.ts";
import { useSendForm } from "./use-send-form.ts";

export interface SendFormDialogProps {
  lead: LeadRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultFormType?: FormType;
}

/** Send Form: emails the lead a link to a form; the subject follows the form type (docs/product.md, "Meetings, mail and SMS"). */
export function SendFormDialog({ lead, open, onOpenChange, defaultFormType = "onboarding" }: SendFormDialogProps) {
  const [formType, setFormType] = useState<FormType>(defaultFormType);
  const [to, setTo] = useState("");
  const [subject, setSubject] = useState("");
  const [message, setMessage] = useState("");
  const send = useSendForm();
  const id = useId();
  const recipient = lead?.email ?? "";

  // Opening with a recipient fills the address and sets the subject again.
  useEffect(() => {
    if (!open) return;
    setTo(recipient);
    if (recipient) setSubject(defaultFormSubject(formType));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on opening, not on every type change
  }, [open, recipient]);

  function changeType(next: FormType) {
    setFormType(next);
    setSubject(defaultFormSubject(next));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!lead) return;
    const address = to.trim();
    send.mutate(
      { leadId: lead.id, formType, to: address, subject: subject.trim() || defaultFormSubject(formType), message: message.trim() },
      {
        onSuccess: () => {
          toast({ title: "Email Sent Successfully", description: `Onboarding form has been sent to ${address}` });
          setFormType(defaultFormType);
          setSubject(defaultFormSubject(defaultFormType));
          setMessage("");
          onOpenChange(false);
        },
        onError: (error) =>
          toast({ variant: "destructive", title: "Failed to Send Email", description: errorMessage(error, "Please check your email configuration and try again.") }),
      },
    );
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Send Form</DialogTitle>
          <DialogDescription>{lead ? `Email ${lead.name} a link to a form.` : "Email a link to a form."}</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-type`}>Form Type</Label>
            <Select value={formType} onValueChange={(v) => changeType(v as FormType)}>
              <SelectTrigger id={`${id}-type`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {(Object.keys(FORM_TYPES) as FormType[]).map((type) => (
                  <SelectItem key={type} value={type}>
                    {FORM_TYPES[type]}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-to`}>Recipient Email</Label>
            <Input id={`${id}-to`} type="email" required value={to} onChange={(e) => setTo(e.target.value)} placeholder="client@example.com" />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-subject`}>Subject</Label>
            <Input id={`${id}-subject`} value={subject} onChange={(e) => setSubject(e.target.value)} placeholder={defaultFormSubject(formType)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-message`}>Additional Message</Label>
            <Textarea id={`${id}-message`} value={message} onChange={(e) => setMessage(e.target.value)} placeholder="Optional: a personal note above the link" />
          </div>
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={send.isPending || !lead}>
            {send.isPending ? "Sending..." : "Send Form"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
