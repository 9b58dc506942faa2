// zod/mini, because the browser imports this module (the send dialogs use these bodies as their forms' rules).
import { z } from "zod/mini";
import { preprocess } from "../api/preprocess.ts";

// The answer lives in accepted.ts (zod/mini, for the browser); the server may still import it from here.
export { MessageAccepted } from "./accepted.ts";

/**
 * What a form mail says, for one form type of Send Form: its label, the subject used when the sender
 * leaves it blank, the invitation used when they add no message, and what the form covers.
 */
export interface FormTypeMail {
  label: string;
  subject: string;
  invitation: string;
  /** Shown under "The form covers:"; each names questions the public questionnaire page really has. */
  covers: readonly string[];
}

/**
 * Every form type's link opens the same page, the client questionnaire (docs/product.md, "Public
 * questionnaire"), so the onboarding form and the project questionnaire cover its five sections,
 * while the feedback and contract review forms name the few of its questions they ask the client to
 * answer, and nothing the page does not have.
 */
const QUESTIONNAIRE_SECTIONS_COVERED = [
  "Your social media presence: followers and audience on each platform",
  "Your company overview, target audience and what makes you unique",
  "Your marketing so far, partnerships and public relations",
  "Your goals, expectations, areas to improve and deadlines",
  "Your brand: its words, guidelines and how you want it represented",
] as const;

/** The form types of Send Form, one row each (docs/product.md, "Meetings, mail and SMS"): the one place their wording lives. */
export const FORM_TYPES = {
  onboarding: {
    label: "Client Onboarding Form",
    subject: "Complete Your Onboarding Questionnaire",
    invitation:
      "We're excited to work with you! Please take a few minutes to complete our onboarding questionnaire, so that our creative team can start from what you tell us. Every question is optional.",
    covers: QUESTIONNAIRE_SECTIONS_COVERED,
  },
  questionnaire: {
    label: "Project Questionnaire",
    subject: "Complete Your Project Questionnaire",
    invitation:
      "To plan your project, please take a few minutes to answer our questionnaire. Your answers help us tailor our work to your goals. Every question is optional.",
    covers: QUESTIONNAIRE_SECTIONS_COVERED,
  },
  feedback: {
    label: "Feedback Form",
    subject: "Tell Us How We Are Doing",
    invitation:
      "We would value your feedback on our work together. The link opens our Client Onboarding Questionnaire; every question is optional, so you can answer just the ones below.",
    covers: [
      "Your goals and expectations as they stand now",
      "The areas you would like us to improve",
      "Anything else you want to tell us, under Additional information",
    ],
  },
  contract: {
    label: "Contract Review Form",
    subject: "Check the Details for Your Contract",
    invitation:
      "Before we finalise your contract, please confirm the details it rests on. The link opens our Client Onboarding Questionnaire; every question is optional, so you can answer just the ones below. The contract itself comes separately.",
    covers: [
      "Your goals and expectations for our work",
      "Your deadlines",
      "Anything else the contract should take into account, under Additional information",
    ],
  },
} as const satisfies Record<string, FormTypeMail>;
export type FormType = keyof typeof FORM_TYPES;
export const FormTypeSchema = z.enum(Object.keys(FORM_TYPES) as [FormType, ...FormType[]], {
  error: "Form type is onboarding, questionnaire, feedback or contract",
});

/** docs/product.md, "Meetings, mail and SMS": the subject used when the sender leaves it blank. */
export const defaultFormSubject = (formType: FormType): string => FORM_TYPES[formType].subject;

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
  /** A reply in a thread (docs/product.md, "Replies"): the id of the lead's inbound message it answers. */
  inReplyTo: z.optional(z.uuid({ error: "inReplyTo names one of this lead's received messages" })),
});
export type SendLeadEmailBody = z.infer<typeof SendLeadEmailBody>;

/** Body of POST /api/leads/{id}/send-sms (docs/product.md, "Meetings, mail and SMS"; docs/product.md, "Limits and constants"). */
export const SendSmsBody = z.strictObject({
  message: z
    .string({ error: "Please provide a message." })
    .check(z.trim(), z.minLength(1, "Please provide a message."), z.maxLength(SMS_MAX_LENGTH, `At most ${SMS_MAX_LENGTH} characters`)),
});
export type SendSmsBody = z.infer<typeof SendSmsBody>;
