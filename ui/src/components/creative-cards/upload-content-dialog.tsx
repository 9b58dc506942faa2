import { useEffect, useId, useState, type FormEvent } from "react";
import type { ContentType } from "@crm/contracts/creative/submission";
import { formatBytes, UPLOAD_LIMITS } from "@crm/contracts/creative/limits";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useSubmitContent } from "./api.ts";
import { ClientPicker, type ClientOption } from "./client-picker.tsx";
import { UploadProgress } from "./upload-progress.tsx";
import { acceptFor, tooLarge, uploadFile } from "./upload-file.ts";

const TYPES: { value: ContentType; label: string }[] = [
  { value: "photo", label: "Photo" },
  { value: "video", label: "Video" },
  { value: "graphic", label: "Graphic" },
  { value: "caption", label: "Caption" },
];

export interface UploadContentDialogProps {
  clients: readonly ClientOption[];
  defaultLeadId?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Upload content for a client: type, title, description, caption and a file, with upload progress. */
export function UploadContentDialog({ clients, defaultLeadId, open, onOpenChange }: UploadContentDialogProps) {
  const [leadId, setLeadId] = useState("");
  const [type, setType] = useState<ContentType>("photo");
  const [title, setTitle] = useState("");
  const [description, setDescription] = useState("");
  const [caption, setCaption] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const submitContent = useSubmitContent();
  const id = useId();
  const busy = progress !== null || submitContent.isPending;

  useEffect(() => {
    if (open) setLeadId(defaultLeadId ?? (clients.length === 1 ? clients[0]!.id : ""));
  }, [open, defaultLeadId, clients]);

  function reset() {
    setType("photo");
    setTitle("");
    setDescription("");
    setCaption("");
    setFile(null);
    setProgress(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = !leadId
      ? "Choose a client."
      : type !== "caption" && !file
        ? `Choose the ${type} file.`
        : type === "caption" && !file && !caption.trim()
          ? "Write the caption or attach a file."
          : file
            ? tooLarge(file, type)
            : undefined;
    if (problem) return void toast({ variant: "destructive", title: "Missing Information", description: problem });
    try {
      let fileId: string | null = null;
      if (file) {
        setProgress(0);
        fileId = (await uploadFile(file, leadId, type, setProgress)).id;
      }
      await submitContent.mutateAsync({
        leadId,
        type,
        title: title.trim(),
        description: description.trim(),
        caption: caption.trim(),
        fileId,
      });
      toast({ title: "Content Uploaded", description: `${title.trim()} is waiting for review.` });
      reset();
      onOpenChange(false);
    } catch (error) {
      setProgress(null);
      toast({
        variant: "destructive",
        title: "Upload Failed",
        description: errorMessage(error, "Failed to upload the content. Please try again."),
      });
    }
  }

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Upload Content</DialogTitle>
          <DialogDescription>Send a photo, video, graphic or caption for review.</DialogDescription>
        </DialogHeader>
        <form id={`${id}-form`} onSubmit={submit} className="grid gap-4">
          <ClientPicker id={`${id}-client`} clients={clients} value={leadId} onChange={setLeadId} />
          <div className="grid gap-2">
            <Label htmlFor={`${id}-type`}>Content Type</Label>
            <Select
              value={type}
              onValueChange={(v) => {
                setType(v as ContentType);
                setFile(null);
              }}
            >
              <SelectTrigger id={`${id}-type`}>
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
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input
              id={`${id}-title`}
              required
              maxLength={200}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              placeholder="e.g. Spring campaign hero"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-description`}>Description</Label>
            <Textarea id={`${id}-description`} maxLength={5000} value={description} onChange={(e) => setDescription(e.target.value)} />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-caption`}>Caption</Label>
            <Textarea
              id={`${id}-caption`}
              maxLength={5000}
              value={caption}
              onChange={(e) => setCaption(e.target.value)}
              placeholder="The text that goes with the post"
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-file`}>File{type === "caption" ? " (optional)" : ""}</Label>
            <Input
              key={type}
              id={`${id}-file`}
              type="file"
              accept={acceptFor(type)}
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-describedby={`${id}-file-hint`}
            />
            <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
              Up to {formatBytes(UPLOAD_LIMITS[type].maxBytes)}; the type is checked from the file's content.
            </p>
          </div>
          {progress !== null && file && <UploadProgress label={file.name} value={progress} />}
        </form>
        <DialogFooter>
          <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={busy}>
            {progress !== null && progress < 1 ? `Uploading ${Math.round(progress * 100)}%...` : busy ? "Submitting..." : "Upload Content"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
