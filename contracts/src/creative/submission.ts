// zod/mini, because the browser imports this module (the upload dialog reuses SubmitContentBody's rules).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { CONTENT_TYPES } from "./answers.ts";

// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { CONTENT_TYPES, ContentSubmission, SUBMISSION_STATUSES, type SubmissionStatus } from "./answers.ts";

export const ContentType = z.enum(CONTENT_TYPES, { error: "Type is video, photo, graphic or caption" });
export type ContentType = z.infer<typeof ContentType>;

export const REVIEW_DECISIONS = ["approve", "reject", "request_revision"] as const;
export const ReviewDecision = z.enum(REVIEW_DECISIONS, { error: "Decision is approve, reject or request_revision" });
export type ReviewDecision = z.infer<typeof ReviewDecision>;

const optionalText = (max: number) =>
  z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(max, `At most ${max} characters`)))));

/** Body of POST /api/content-submissions; a file is uploaded first (POST /api/files) and named by id. */
export const SubmitContentBody = z
  .strictObject({
    leadId: z.uuid("Lead ids are UUIDs"),
    type: ContentType,
    title: z
      .string({ error: "Title is required" })
      .check(z.trim(), z.minLength(1, "Title is required"), z.maxLength(200, "At most 200 characters")),
    description: optionalText(5_000),
    caption: optionalText(5_000),
    fileId: z.optional(preprocess(emptyToNull, z.nullable(z.uuid("File ids are UUIDs")))),
  })
  .check(
    z.superRefine((body, ctx) => {
      if (body.type !== "caption" && !body.fileId)
        ctx.addIssue({ code: "custom", path: ["fileId"], message: `A ${body.type} needs a file` });
      if (body.type === "caption" && !body.fileId && !body.caption)
        ctx.addIssue({ code: "custom", path: ["caption"], message: "Write the caption or attach a file" });
    }),
  );
export type SubmitContentBody = z.infer<typeof SubmitContentBody>;

/** Body of POST /api/content-submissions/:id/review. */
export const ReviewContentBody = z.strictObject({
  decision: ReviewDecision,
  reviewNotes: optionalText(5_000),
});
export type ReviewContentBody = z.infer<typeof ReviewContentBody>;
