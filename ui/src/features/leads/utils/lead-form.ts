import { z } from "zod/mini";
import { CreateLeadBody, MAX_VALUE_MINOR, type UpdateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/answers";
import { LEAD_PRIORITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";
import { fractionDigits, minorToInput, parseMoney } from "@/lib/money";

/** Radix Select needs a non-empty value: this one stands for "no director". */
export const NO_DIRECTOR = "none";

/** A whole percentage 0..100, or "" for the stage's default. */
const PERCENT = /^(100|[1-9]?\d)$/;

/**
 * The editable fields as the form holds them: the create command's rules (and messages) for the
 * required ones, text ("" for nothing) for the optional ones, whose limits the server names if broken.
 * The deal's value is checked against the agency's currency (how many decimals it has).
 */
export function leadFormSchema(currency: string) {
  const digits = fractionDigits(currency);
  return z.object({
    name: CreateLeadBody.shape.name,
    business: CreateLeadBody.shape.business,
    email: CreateLeadBody.shape.email,
    phone: z.string(),
    source: z.string(),
    priority: z.enum(LEAD_PRIORITIES),
    notes: z.string(),
    stage: z.enum(LEAD_STAGES),
    /** NO_DIRECTOR for None. */
    creativeDirectorId: z.string(),
    /** The deal's value as typed, in the agency's currency; "" for none. */
    value: z.string().check(
      z.refine((typed) => !Number.isNaN(parseMoney(typed, currency)), {
        message: digits === 0 ? `Enter a whole amount in ${currency}` : `Enter an amount in ${currency}, with at most ${digits} decimals`,
      }),
      z.refine((typed) => (parseMoney(typed, currency) ?? 0) <= MAX_VALUE_MINOR, { message: "That amount is too large" }),
    ),
    /** YYYY-MM-DD, or "" for none. */
    expectedCloseOn: z
      .string()
      .check(z.refine((date) => date === "" || /^\d{4}-\d{2}-\d{2}$/.test(date), { message: "Use a date as YYYY-MM-DD" })),
    /** A whole percentage, or "" for the stage's default. */
    probability: z
      .string()
      .check(z.refine((typed) => typed.trim() === "" || PERCENT.test(typed.trim()), { message: "Use a whole percentage from 0 to 100" })),
  });
}

export const LeadFormSchema = leadFormSchema("USD");
export type LeadFormValues = z.infer<typeof LeadFormSchema>;

/** A new lead: priority medium, stage New Lead (docs/product.md, "Leads and the pipeline"). */
export const EMPTY_LEAD_FORM: LeadFormValues = {
  name: "",
  business: "",
  email: "",
  phone: "",
  source: "",
  priority: "medium",
  notes: "",
  stage: "New Lead",
  creativeDirectorId: NO_DIRECTOR,
  value: "",
  expectedCloseOn: "",
  probability: "",
};

/** The form's values for an existing lead; its value in the agency's currency. */
export function valuesOf(lead: Lead, currency = "USD"): LeadFormValues {
  return {
    name: lead.name,
    business: lead.business,
    email: lead.email,
    phone: lead.phone ?? "",
    source: lead.source ?? "",
    priority: lead.priority,
    notes: lead.notes ?? "",
    stage: lead.stage,
    creativeDirectorId: lead.creativeDirectorId ?? NO_DIRECTOR,
    value: minorToInput(lead.valueMinor, currency),
    expectedCloseOn: lead.expectedCloseOn ?? "",
    probability: lead.probability === null ? "" : String(lead.probability),
  };
}

/** The POST /api/leads body (blank optional fields left out). */
export function createBody(values: LeadFormValues): CreateLeadBody {
  const optional = (text: string) => (text.trim() ? text.trim() : undefined);
  return {
    name: values.name.trim(),
    business: values.business.trim(),
    email: values.email.trim(),
    phone: optional(values.phone),
    source: optional(values.source),
    priority: values.priority,
    notes: optional(values.notes),
  };
}

const REQUIRED_TEXT = ["name", "business", "email"] as const;
const OPTIONAL_TEXT = ["phone", "source", "notes"] as const;

/**
 * The PATCH body: only the fields that differ from the lead, plus the version the person edited, so a
 * change someone else made meanwhile is refused (409) instead of silently overwritten.
 */
export function changesOf(lead: Lead, values: LeadFormValues, currency = "USD"): UpdateLeadBody {
  const before = valuesOf(lead, currency);
  const changes: UpdateLeadBody = {};
  for (const field of REQUIRED_TEXT) {
    const next = values[field].trim();
    if (next !== before[field].trim()) changes[field] = next;
  }
  for (const field of OPTIONAL_TEXT) {
    const next = values[field].trim();
    if (next !== before[field].trim()) changes[field] = next === "" ? null : next;
  }
  if (values.priority !== before.priority) changes.priority = values.priority;
  if (values.stage !== before.stage) changes.stage = values.stage;
  if (values.creativeDirectorId !== before.creativeDirectorId) {
    changes.creativeDirectorId = values.creativeDirectorId === NO_DIRECTOR ? null : values.creativeDirectorId;
  }
  const valueMinor = parseMoney(values.value, currency);
  if (valueMinor !== lead.valueMinor && !Number.isNaN(valueMinor)) changes.valueMinor = valueMinor;
  if (values.expectedCloseOn !== before.expectedCloseOn) changes.expectedCloseOn = values.expectedCloseOn || null;
  const probability = values.probability.trim() === "" ? null : Number(values.probability.trim());
  if (probability !== lead.probability) changes.probability = probability;
  return Object.keys(changes).length === 0 ? changes : { ...changes, expectedVersion: lead.version };
}
