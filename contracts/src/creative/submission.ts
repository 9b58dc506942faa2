import { z } from "zod";
import { FileLink } from "./files.ts";

/** A content submission's type and status (docs/product.md, "Creative work"). */
export const CONTENT_TYPES = ["video", "photo", "graphic", "caption"] as const;
export const ContentType = z.enum(CONTENT_TYPES, { error: "Type is video, photo, graphic or caption" });
export type ContentType = z.infer<typeof ContentType>;

export const SUBMISSION_STATUSES = ["pending", "approved", "rejected", "revision_requested"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const REVIEW_DECISIONS = ["approve", "reject", "request_revision"] as const;
export const ReviewDecision = z.enum(REVIEW_DECISIONS, { error: "Decision is approve, reject or request_revision" });
export type ReviewDecision = z.infer<typeof ReviewDecision>;

const emptyToNull = (v: unknown) => (typeof v === "string" && v.trim() === "" ? null : v);
const optionalText = (max: number) =>
  z.preprocess(emptyToNull, z.string().trim().max(max, `At most ${max} characters`).nullable()).optional();

/** Body of POST /api/content-submissions; a file is uploaded first (POST /api/files) and named by id. */
export const SubmitContentBody = z
  .strictObject({
    leadId: z.uuid("Lead ids are UUIDs"),
    type: ContentType,
    title: z.string({ error: "Title is required" }).trim().min(1, "Title is required").max(200, "At most 200 characters"),
    description: optionalText(5_000),
    caption: optionalText(5_000),
    fileId: z.preprocess(emptyToNull, z.uuid("File ids are UUIDs").nullable()).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.type !== "caption" && !body.fileId) ctx.addIssue({ code: "custom", path: ["fileId"], message: `A ${body.type} needs a file` });
    if (body.type === "caption" && !body.fileId && !body.caption)
      ctx.addIssue({ code: "custom", path: ["caption"], message: "Write the caption or attach a file" });
  });
export type SubmitContentBody = z.infer<typeof SubmitContentBody>;

/** Body of POST /api/content-submissions/:id/review. */
export const ReviewContentBody = z.strictObject({
  decision: ReviewDecision,
  reviewNotes: optionalText(5_000),
});
export type ReviewContentBody = z.infer<typeof ReviewContentBody>;

/** GET /api/content-submissions rows (docs/product.md, "Creative work", plus the file and who did what). */
export const ContentSubmission = z.object({
  id: z.uuid(),
  leadId: z.uuid(),
  leadName: z.string(),
  creativeDirectorId: z.uuid().nullable(),
  type: ContentType,
  title: z.string(),
  description: z.string().nullable(),
  caption: z.string().nullable(),
  /** The API path of the file, or null for a caption without one. */
  fileUrl: z.string().nullable(),
  file: FileLink.nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  clientFeedback: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  version: z.number().int(),
});
export type ContentSubmission = z.infer<typeof ContentSubmission>;
