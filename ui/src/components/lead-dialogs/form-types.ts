// The form types and subject rule of contracts/messaging/commands.ts, repeated here because importing
// that module would pull zod into the page chunks (form-types.test checks they agree).

/** The form types of Send Form with their labels (docs/product.md, "Meetings, mail and SMS"). */
export const FORM_TYPES = {
  onboarding: "Client Onboarding Form",
  questionnaire: "Project Questionnaire",
  feedback: "Feedback Form",
  contract: "Contract Review Form",
} as const;
export type FormType = keyof typeof FORM_TYPES;

/** docs/product.md, "Meetings, mail and SMS": "Complete Your Onboarding Questionnaire" for onboarding, the project one for every other type. */
export function defaultFormSubject(formType: FormType): string {
  return formType === "onboarding" ? "Complete Your Onboarding Questionnaire" : "Complete Your Project Questionnaire";
}
