import { useState } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { z } from "zod/mini";
import { formatBytes, UPLOAD_LIMITS } from "@crm/contracts/creative/limits";
import { ContentType, SubmitContentBody } from "@crm/contracts/creative/submission";
import { FormDialog, FormField, Refusal, TextareaField, TextField, useMutationForm } from "@/components/form";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/lib/toast";
import { useSubmitContent } from "../api/submit-content.ts";
import { acceptFor, tooLarge, uploadFile } from "../api/upload-file.ts";
import { chosenClient, ClientPicker, type ClientOption } from "./client-picker.tsx";
import { FileField } from "./file-field.tsx";
import { UploadProgress } from "./upload-progress.tsx";

const TYPES: { value: ContentType; label: string }[] = [
  { value: "photo", label: "Photo" },
  { value: "video", label: "Video" },
  { value: "graphic", label: "Graphic" },
  { value: "caption", label: "Caption" },
];

const text = z.string().check(z.trim(), z.maxLength(5_000, "At most 5000 characters"));
/** The dialog's fields: the body's rule for the title, free texts, and the file still to upload. */
const ContentForm = z.object({
  leadId: z.string(),
  type: ContentType,
  title: SubmitContentBody.shape.title,
  description: text,
  caption: text,
  file: z.nullable(z.instanceof(File)),
});
type ContentForm = z.infer<typeof ContentForm>;

const DEFAULTS: ContentForm = { leadId: "", type: "photo", title: "", description: "", caption: "", file: null };

/** What stops the submission before the upload: no client, no file where one is needed, or one too big. */
function missing(leadId: string, { type, file, caption }: ContentForm): string | undefined {
  if (!leadId) return "Choose a client.";
  if (file) return tooLarge(file, type);
  if (type !== "caption") return `Choose the ${type} file.`;
  return caption ? undefined : "Write the caption or attach a file.";
}

/** The content type; another type takes other files, so it clears the one chosen. */
function TypeField() {
  const { setValue } = useFormContext<ContentForm>();
  return (
    <FormField<ContentForm>
      name="type"
      label="Content Type"
      render={({ id, value, onChange, onBlur, ref, ...aria }) => (
        <Select
          value={value as string}
          onValueChange={(next) => {
            onChange(next);
            setValue("file", null);
          }}
        >
          <SelectTrigger id={id} ref={ref} onBlur={onBlur} {...aria}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {TYPES.map((t) => (
              <SelectItem key={t.value} value={t.value}>
                {t.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    />
  );
}

export interface UploadContentDialogProps {
  clients: readonly ClientOption[];
  defaultLeadId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Upload content for a client: type, title, description, caption and a file, with upload progress. */
export function UploadContentDialog({ clients, defaultLeadId, open, onOpenChange }: UploadContentDialogProps) {
  const [uploading, setUploading] = useState<{ name: string; value: number } | null>(null);
  const submitContent = useSubmitContent();
  const upload = async (file: File, leadId: string, type: ContentType) => {
    setUploading({ name: file.name, value: 0 });
    return (await uploadFile(file, leadId, type, (value) => setUploading({ name: file.name, value }))).id;
  };
  const send = async ({ file, ...values }: ContentForm) => {
    const leadId = chosenClient(values.leadId, clients);
    const problem = missing(leadId, { ...values, file });
    if (problem) throw new Refusal({ title: "Missing Information", description: problem });
    try {
      const fileId = file ? await upload(file, leadId, values.type) : null;
      return await submitContent.mutateAsync({ ...values, leadId, fileId });
    } finally {
      setUploading(null);
    }
  };
  const form = useMutationForm({
    schema: ContentForm,
    defaultValues: { ...DEFAULTS, leadId: defaultLeadId ?? "" },
    submit: send,
    failure: { title: "Upload Failed", fallback: "Failed to upload the content. Please try again." },
    onSuccess: (_answer, { title }) => toast({ title: "Content Uploaded", description: `${title} is waiting for review.` }),
  });
  const type = useWatch({ control: form.control, name: "type" });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Upload Content"
      description="Send a photo, video, graphic or caption for review."
      submitLabel="Upload Content"
      pendingLabel={uploading && uploading.value < 1 ? `Uploading ${Math.round(uploading.value * 100)}%...` : "Submitting..."}
      className="max-h-[90vh] overflow-y-auto"
    >
      <ClientPicker clients={clients} />
      <TypeField />
      <TextField name="title" label="Title" placeholder="e.g. Spring campaign hero" />
      <TextareaField name="description" label="Description" />
      <TextareaField name="caption" label="Caption" placeholder="The text that goes with the post" />
      <FileField<ContentForm>
        key={type}
        name="file"
        label={`File${type === "caption" ? " (optional)" : ""}`}
        accept={acceptFor(type)}
        hint={`Up to ${formatBytes(UPLOAD_LIMITS[type].maxBytes)}; the type is checked from the file's content.`}
      />
      {uploading && <UploadProgress label={uploading.name} value={uploading.value} />}
    </FormDialog>
  );
}
