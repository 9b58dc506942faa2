import { useState } from "react";
import { z } from "zod/mini";
import { formatBytes, UPLOAD_LIMITS } from "@crm/contracts/creative/limits";
import { CreateTaskBody, TaskPriority } from "@crm/contracts/creative/task";
import { FormDialog, Refusal, SelectField, TextareaField, TextField, useMutationForm } from "@/components/form";
import { toast } from "@/lib/toast";
import { useCreateTask } from "../api/create-task.ts";
import { acceptFor, tooLarge, uploadEach } from "../api/upload-file.ts";
import { chosenClient, ClientPicker, type ClientOption } from "./client-picker.tsx";
import { FileField } from "./file-field.tsx";
import { UploadProgress } from "./upload-progress.tsx";

/** The dialog's fields: the body's rules for title and description, the files still to upload. */
const TaskForm = z.object({
  leadId: z.string(),
  title: CreateTaskBody.shape.title,
  description: CreateTaskBody.shape.description,
  priority: TaskPriority,
  dueDate: z.string(),
  files: z.array(z.instanceof(File)),
});
type TaskForm = z.infer<typeof TaskForm>;

const DEFAULTS: TaskForm = { leadId: "", title: "", description: "", priority: "medium", dueDate: "", files: [] };
const PRIORITIES = [
  { value: "high", label: "High" },
  { value: "medium", label: "Medium" },
  { value: "low", label: "Low" },
];

/** What stops the task before any upload: no client, too many files, or one too big. */
function missing(leadId: string, files: readonly File[]): string | undefined {
  if (!leadId) return "Choose a client.";
  if (files.length > 10) return "Attach at most 10 files.";
  return files.map((f) => tooLarge(f, "attachment")).find(Boolean);
}

export interface CreateTaskDialogProps {
  clients: readonly ClientOption[];
  defaultLeadId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create a creative task: title and description required, priority (default medium), due date, attachments. */
export function CreateTaskDialog({ clients, defaultLeadId, open, onOpenChange }: CreateTaskDialogProps) {
  const [uploading, setUploading] = useState<{ name: string; value: number } | null>(null);
  const createTask = useCreateTask();
  const send = async ({ files, ...values }: TaskForm) => {
    const leadId = chosenClient(values.leadId, clients);
    const problem = missing(leadId, files);
    if (problem) throw new Refusal({ title: "Missing Information", description: problem });
    try {
      const attachments = await uploadEach(files, leadId, "attachment", (name, value) => setUploading({ name, value }));
      return await createTask.mutateAsync({ ...values, leadId, notes: "", attachments });
    } finally {
      setUploading(null);
    }
  };
  const form = useMutationForm({
    schema: TaskForm,
    defaultValues: { ...DEFAULTS, leadId: defaultLeadId ?? "" },
    submit: send,
    failure: { title: "Task Not Created", fallback: "Failed to create the task. Please try again." },
    onSuccess: (_answer, { title }) => toast({ title: "Task Created", description: title }),
  });
  return (
    <FormDialog
      form={form}
      open={open}
      onOpenChange={onOpenChange}
      title="Create Task"
      description="A piece of creative work for a client."
      submitLabel="Create Task"
      pendingLabel={uploading ? `Uploading ${Math.round(uploading.value * 100)}%...` : "Creating..."}
      className="max-h-[90vh] overflow-y-auto"
    >
      <ClientPicker clients={clients} />
      <TextField name="title" label="Title" maxLength={200} />
      <TextareaField name="description" label="Description" maxLength={5000} />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField name="priority" label="Priority" options={PRIORITIES} />
        <TextField name="dueDate" label="Due Date" type="date" />
      </div>
      <FileField<TaskForm>
        name="files"
        label="Attachments"
        accept={acceptFor("attachment")}
        multiple
        hint={`Images, PDFs, text or video, up to ${formatBytes(UPLOAD_LIMITS.attachment.maxBytes)} each.`}
      />
      {uploading && <UploadProgress label={uploading.name} value={uploading.value} />}
    </FormDialog>
  );
}
