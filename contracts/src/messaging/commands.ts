// zod/mini, because the browser imports this module (the send dialogs use these bodies as their forms' rules).
import { z } from "zod/mini";
import { preprocess } from "../api/preprocess.ts";

// The answer lives in accepted.ts (zod/mini, for the browser); the server may still import it from here.
export { MessageAccepted } from "./accepted.ts";

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
const email = z.pipe(
  z.string({ error: "Recipient email is required" }).check(z.trim(), z.maxLength(320)),
  z.email("Enter a valid email address"),
);
/** The optional subject and message of the form mail: blank means "the default" and "none". */
const optionalSubject = () =>
  preprocess(
    emptyToUndefined,
    z.optional(z.pipe(z.string().check(z.trim(), z.maxLength(300, "At most 300 characters")), z.transform(oneLine))),
  );
const optionalMessage = () =>
  preprocess(emptyToUndefined, z.optional(z.string().check(z.trim(), z.maxLength(10_000, "At most 10000 characters"))));

/** Body of POST /api/leads/{id}/send-form: the server composes the branded mail (docs/product.md, "Meetings, mail and SMS"). */
export const SendFormBody = z.strictObject({
  formType: z._default(FormTypeSchema, "onboarding"),
  to: email,
  subject: optionalSubject(),
  message: optionalMessage(),
});
export type SendFormBody = z.infer<typeof SendFormBody>;

/**
 * Body of POST /api/send-email, kept for compatibility with an older client. The server never sends the
 * client's html: it needs the lead and composes the form mail itself (docs/decisions/008-meetings-and-messages-delivered-by-reactors.md).
 */
export const SendEmailCompatBody = z.strictObject({
  leadId: z.uuid({ error: "leadId is required: the form mail is composed on the server for a lead" }),
  to: email,
  subject: optionalSubject(),
  html: z.optional(z.string().check(z.maxLength(200_000))),
  formType: z.optional(FormTypeSchema),
  message: optionalMessage(),
});
export type SendEmailCompatBody = z.infer<typeof SendEmailCompatBody>;

const required = (name: string, max: number) =>
  z
    .string({ error: `${name} is required` })
    .check(z.trim(), z.minLength(1, `${name} is required`), z.maxLength(max, `At most ${max} characters`));

/** Body of POST /api/leads/{id}/send-email (both non-blank after trimming: docs/product.md, "Meetings, mail and SMS"). */
export const SendLeadEmailBody = z.strictObject({
  subject: z.pipe(required("Subject", 300), z.transform(oneLine)),
  message: required("Message", 50_000),
});
export type SendLeadEmailBody = z.infer<typeof SendLeadEmailBody>;

/** Body of POST /api/leads/{id}/send-sms (docs/product.md, "Meetings, mail and SMS"; docs/product.md, "Limits and constants"). */
export const SendSmsBody = z.strictObject({
  message: z
    .string({ error: "Please provide a message." })
    .check(z.trim(), z.minLength(1, "Please provide a message."), z.maxLength(SMS_MAX_LENGTH, `At most ${SMS_MAX_LENGTH} characters`)),
});
export type SendSmsBody = z.infer<typeof SendSmsBody>;
