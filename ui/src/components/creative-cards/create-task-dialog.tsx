import { useEffect, useId, useState, type FormEvent } from "react";
import type { TaskPriority } from "@crm/contracts/creative/task";
import { formatBytes, UPLOAD_LIMITS } from "@crm/contracts/creative/limits";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useCreateTask } from "./api.ts";
import { ClientPicker, type ClientOption } from "./client-picker.tsx";
import { UploadProgress } from "./upload-progress.tsx";
import { acceptFor, tooLarge, uploadFile } from "./upload-file.ts";

export interface CreateTaskDialogProps {
  clients: readonly ClientOption[];
  defaultLeadId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create a creative task: title and description required, priority (default medium), due date, attachments. */
export function CreateTaskDialog({ clients, defaultLeadId, open, onOpenChange }: CreateTaskDialogProps) {
  const [leadId, setLeadId] = useState("");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [priority, setPriority] = useState<TaskPriority>("medium");
  const [dueDate, setDueDate] = useState("");
  const [files, setFiles] = useState<File[]>([]);
  const [uploading, setUploading] = useState<{ name: string; value: number } | null>(null);
  const createTask = useCreateTask();
  const id = useId();
  const busy = uploading !== null || createTask.isPending;

  useEffect(() => {
    if (open) setLeadId(defaultLeadId ?? (clients.length === 1 ? clients[0]!.id : ""));
  }, [open, defaultLeadId, clients]);

  function reset() {
    setTitle("");
    setDescription("");
    setPriority("medium");
    setDueDate("");
    setFiles([]);
    setUploading(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = !leadId
      ? "Choose a client."
      : files.length > 10
        ? "Attach at most 10 files."
        : files.map((f) => tooLarge(f, "attachment")).find(Boolean);
    if (problem) return void toast({ variant: "destructive", title: "Missing Information", description: problem });
    try {
      const attachments: string[] = [];
      for (const file of files) {
        setUploading({ name: file.name, value: 0 });
        attachments.push((await uploadFile(file, leadId, "attachment", (value) => setUploading({ name: file.name, value }))).id);
      }
      setUploading(null);
      await createTask.mutateAsync({
        leadId,
        title: title.trim(),
        description: description.trim(),
        priority,
        dueDate,
        notes: "",
        attachments,
      });
      toast({ title: "Task Created", description: title.trim() });
      reset();
      onOpenChange(false);
    } catch (error) {
      setUploading(null);
      toast({
        variant: "destructive",
        title: "Task Not Created",
        description: errorMessage(error, "Failed to create the task. Please try again."),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create Task</DialogTitle>
          <DialogDescription>A piece of creative work for a client.</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-4">
          <ClientPicker id={`${id}-client`} clients={clients} value={leadId} onChange={setLeadId} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea
              id={`${id}-description`}
              required
              maxLength={5000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-2">
              <Label htmlFor={`${id}-priority`}>Priority</Label>
              <Select value={priority} onValueChange={(v) => setPriority(v as TaskPriority)}>
                <SelectTrigger id={`${id}-priority`}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="high">High</SelectItem>
                  <SelectItem value="medium">Medium</SelectItem>
                  <SelectItem value="low">Low</SelectItem>
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-due`}>Due Date</Label>
              <Input id={`${id}-due`} type="date" value={dueDate} onChange={(e) => setDueDate(e.target.value)} />
            </div>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-files`}>Attachments</Label>
            <Input
              id={`${id}-files`}
              type="file"
              multiple
              accept={acceptFor("attachment")}
              onChange={(e) => setFiles([...(e.target.files ?? [])])}
              aria-describedby={`${id}-files-hint`}
            />
            <p id={`${id}-files-hint`} className="text-xs text-muted-foreground">
              Images, PDFs, text or video, up to {formatBytes(UPLOAD_LIMITS.attachment.maxBytes)} each.
            </p>
          </div>
          {uploading && <UploadProgress label={uploading.name} value={uploading.value} />}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {uploading ? `Uploading ${Math.round(uploading.value * 100)}%...` : busy ? "Creating..." : "Create Task"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
