import { z } from "zod";

/** The form types of Send Form with their labels (docs/product.md, "Meetings, mail and SMS"). */
export const FORM_TYPES = {
  onboarding: "Client Onboarding Form",
  questionnaire: "Project Questionnaire",
  feedback: "Feedback Form",
  contract: "Contract Review Form",
} as const;
export type FormType = keyof typeof FORM_TYPES;
export const FormTypeSchema = z.enum(Object.keys(FORM_TYPES) as [FormType, ...FormType[]], {
  error: "Form type is onboarding, questionnaire, feedback or contract",
});

/** docs/product.md, "Meetings, mail and SMS": the subject used when the sender leaves it blank. */
export const defaultFormSubject = (formType: FormType) =>
  formType === "onboarding" ? "Complete Your Onboarding Questionnaire" : "Complete Your Project Questionnaire";

/** docs/product.md, "Limits and constants". */
export const SMS_MAX_LENGTH = 1600;

/** Header values stay on one line: a newline in a subject would start a new mail header. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, " ");
const emptyToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const email = z.string({ error: "Recipient email is required" }).trim().max(320).pipe(z.email("Enter a valid email address"));

/** Body of POST /api/leads/{id}/send-form: the server composes the branded mail (docs/product.md, "Meetings, mail and SMS"). */
export const SendFormBody = z.strictObject({
  formType: FormTypeSchema.default("onboarding"),
  to: email,
  subject: z.preprocess(emptyToUndefined, z.string().trim().max(300, "At most 300 characters").transform(oneLine).optional()),
  message: z.preprocess(emptyToUndefined, z.string().trim().max(10_000, "At most 10000 characters").optional()),
});
export type SendFormBody = z.infer<typeof SendFormBody>;

/**
 * Body of POST /api/send-email, kept for compatibility with an older client. The server never sends the
 * client's html: it needs the lead and composes the form mail itself (docs/decisions/008-meetings-and-messages-delivered-by-reactors.md).
 */
export const SendEmailCompatBody = z.strictObject({
  leadId: z.uuid({ error: "leadId is required: the form mail is composed on the server for a lead" }),
  to: email,
  subject: z.preprocess(emptyToUndefined, z.string().trim().max(300, "At most 300 characters").transform(oneLine).optional()),
  html: z.string().max(200_000).optional(),
  formType: FormTypeSchema.optional(),
  message: z.preprocess(emptyToUndefined, z.string().trim().max(10_000, "At most 10000 characters").optional()),
});
export type SendEmailCompatBody = z.infer<typeof SendEmailCompatBody>;

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `At most ${max} characters`);

/** Body of POST /api/leads/{id}/send-email (both non-blank after trimming: docs/product.md, "Meetings, mail and SMS"). */
export const SendLeadEmailBody = z.strictObject({
  subject: required("Subject", 300).transform(oneLine),
  message: required("Message", 50_000),
});
export type SendLeadEmailBody = z.infer<typeof SendLeadEmailBody>;

/** Body of POST /api/leads/{id}/send-sms (docs/product.md, "Meetings, mail and SMS"; docs/product.md, "Limits and constants"). */
export const SendSmsBody = z.strictObject({
  message: z
    .string({ error: "Please provide a message." })
    .trim()
    .min(1, "Please provide a message.")
    .max(SMS_MAX_LENGTH, `At most ${SMS_MAX_LENGTH} characters`),
});
export type SendSmsBody = z.infer<typeof SendSmsBody>;

/** What a send command answers: the request is recorded; a reactor delivers it. */
export const MessageAccepted = z.object({
  id: z.string(),
  version: z.number().int(),
  position: z.string(),
  status: z.literal("queued"),
  /** Where it will go: a real provider, or the outbox folder when none is configured. */
  channel: z.enum(["smtp", "outbox", "twilio"]),
  to: z.string(),
});
export type MessageAccepted = z.infer<typeof MessageAccepted>;
