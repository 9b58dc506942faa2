import { z } from "zod/mini";
import { CreateLeadBody, type UpdateLeadBody } from "@crm/contracts/lead/commands";
import type { Lead } from "@crm/contracts/lead/answers";
import { LEAD_PRIORITIES, LEAD_STAGES } from "@crm/contracts/lead/stages";

/** Radix Select needs a non-empty value: this one stands for "no director". */
export const NO_DIRECTOR = "none";

/**
 * The editable fields as the form holds them: the create command's rules (and messages) for the
 * required ones, text ("" for nothing) for the optional ones, whose limits the server names if broken.
 */
export const LeadFormSchema = z.object({
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
});
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
};

/** The form's values for an existing lead. */
export function valuesOf(lead: Lead): LeadFormValues {
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
export function changesOf(lead: Lead, values: LeadFormValues): UpdateLeadBody {
  const before = valuesOf(lead);
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
  return Object.keys(changes).length === 0 ? changes : { ...changes, expectedVersion: lead.version };
}
