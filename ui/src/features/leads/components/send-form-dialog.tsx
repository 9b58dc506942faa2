import { useFormContext } from "react-hook-form";
import { z } from "zod/mini";
import { defaultFormSubject, FORM_TYPES, FormTypeSchema, SendFormBody, type FormType } from "@crm/contracts/messaging/commands";
import { FormDialog, FormField, TextareaField, TextField, useMutationForm, type ControlProps } from "@/components/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/lib/toast";
import { useSendForm } from "../api/send-form.ts";
import type { LeadRef } from "../utils/lead-ref.ts";

/** The command's type and address rules; the subject and message are text, blank meaning "the default" and "none". */
const SendFormForm = z.object({ formType: FormTypeSchema, to: SendFormBody.shape.to, subject: z.string(), message: z.string() });
type SendFormValues = z.infer<typeof SendFormForm>;

/** Opening with a recipient fills the address and the form type's subject. */
const valuesFor = (formType: FormType, to: string): SendFormValues => ({
  formType,
  to,
  subject: to ? defaultFormSubject(formType) : "",
  message: "",
});

export interface SendFormDialogProps {
  lead: LeadRef | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  defaultFormType?: FormType;
}

/** Send Form: emails the lead a link to a form; the subject follows the form type (docs/product.md, "Meetings, mail and SMS"). */
export function SendFormDialog({ lead, open, onOpenChange, defaultFormType = "onboarding" }: SendFormDialogProps) {
  const send = useSendForm();
  const recipient = lead?.email ?? "";
  const form = useMutationForm({
    schema: SendFormForm,
    defaultValues: valuesFor(defaultFormType, recipient),
    submit: async ({ formType, to, subject, message }) => {
      if (!lead) throw new Error("Send Form has no lead");
      return send.mutateAsync({
        leadId: lead.id,
        formType,
        to,
        subject: subject.trim() || defaultFormSubject(formType),
        message: message.trim(),
      });
    },
    failure: { title: "Failed to Send Email", fallback: "Please check your email configuration and try again." },
    onSuccess: (_answer, { formType, to }) =>
      toast({ title: "Email Sent Successfully", description: `${FORM_TYPES[formType].label} has been sent to ${to}` }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Send Form"
      description={lead ? `Email ${lead.name} a link to a form.` : "Email a link to a form."}
      submitLabel="Send Form"
      pendingLabel="Sending..."
      className="max-h-[90vh] overflow-y-auto"
      submitDisabled={!lead}
    >
      <FormField
        name="formType"
        label="Form Type"
        hint={<FormTypeSummary formType={form.watch("formType")} />}
        render={(control) => <FormTypePicker control={control} />}
      />
      <TextField name="to" label="Recipient Email" type="email" placeholder="client@example.com" />
      <TextField name="subject" label="Subject" placeholder={defaultFormSubject(form.watch("formType"))} />
      <TextareaField
        name="message"
        label="Additional Message"
        placeholder="Optional: your own words in place of the invitation"
        hint={<p className="text-xs text-muted-foreground">Signed with your name and your profile's email signature.</p>}
      />
    </FormDialog>
  );
}

/** What the chosen type's mail says it covers, as the server writes it (FORM_TYPES). */
function FormTypeSummary({ formType }: { formType: FormType }) {
  const { label, covers } = FORM_TYPES[formType];
  return (
    <div className="text-xs text-muted-foreground" aria-live="polite">
      <p>The mail says the {label} covers:</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {covers.map((topic) => (
          <li key={topic}>{topic}</li>
        ))}
      </ul>
    </div>
  );
}

/** The form types; choosing one sets the subject to that type's. */
function FormTypePicker({ control: { id, value, onChange, onBlur, ref, ...aria } }: { control: ControlProps }) {
  const { setValue } = useFormContext<SendFormValues>();
  const choose = (next: string) => {
    onChange(next);
    setValue("subject", defaultFormSubject(next as FormType));
  };
  return (
    <Select value={value as string} onValueChange={choose}>
      <SelectTrigger id={id} ref={ref} onBlur={onBlur} {...aria}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(FORM_TYPES) as FormType[]).map((type) => (
          <SelectItem key={type} value={type}>
            {FORM_TYPES[type].label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
