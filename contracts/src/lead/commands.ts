// zod/mini, because the browser imports this module (the lead form reuses CreateLeadBody's rules and messages).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { LEAD_PRIORITIES, LEAD_STAGES } from "./stages.ts";

const trimmed = (max: number, required = "Must be text") =>
  z.string({ error: required }).check(z.trim(), z.maxLength(max, `At most ${max} characters`));

/** The largest deal value accepted, in minor units: far above any agency's deal, well inside a safe integer. */
export const MAX_VALUE_MINOR = 1_000_000_000_000;

/** Field rules shared by the create and edit commands (and the list query's priority, in lead.ts). */
export const leadFields = {
  name: trimmed(200, "Name is required").check(z.minLength(1, "Name is required")),
  business: trimmed(200, "Business is required").check(z.minLength(1, "Business is required")),
  email: z.pipe(z.string({ error: "Email is required" }).check(z.trim(), z.maxLength(320)), z.email("Enter a valid email address")),
  phone: z.nullable(trimmed(40)),
  source: z.nullable(trimmed(100)),
  priority: z.enum(LEAD_PRIORITIES, { error: "Priority is high, medium or low" }),
  notes: z.nullable(trimmed(10_000)),
  proposalLink: z.nullable(trimmed(2_000)),
  contractStatus: z.nullable(trimmed(200)),
  stage: z.enum(LEAD_STAGES, { error: `Stage is one of: ${LEAD_STAGES.join(", ")}` }),
  creativeDirectorId: z.nullable(z.uuid("Creative director ids are UUIDs")),
  assignedTo: z.uuid("Owner ids are UUIDs"),
  valueMinor: z.nullable(
    z
      .int("Use a whole number of cents")
      .check(z.minimum(0, "The value cannot be negative"), z.maximum(MAX_VALUE_MINOR, "At most 1,000,000,000,000 minor units")),
  ),
  expectedCloseOn: z.nullable(z.iso.date("Use a date as YYYY-MM-DD")),
  probability: z.nullable(z.int("Use a whole percentage").check(z.minimum(0, "At least 0"), z.maximum(100, "At most 100"))),
};

const expectedVersion = z.int().check(z.nonnegative());

/** Body of POST /api/leads (docs/product.md, "Leads and the pipeline", Fields). */
export const CreateLeadBody = z.strictObject({
  name: leadFields.name,
  business: leadFields.business,
  email: leadFields.email,
  phone: z.optional(preprocess(emptyToNull, leadFields.phone)),
  source: z.optional(preprocess(emptyToNull, leadFields.source)),
  priority: z.optional(leadFields.priority),
  notes: z.optional(preprocess(emptyToNull, leadFields.notes)),
});
export type CreateLeadBody = z.infer<typeof CreateLeadBody>;

/** Body of PATCH /api/leads/{id}: any subset of the editable fields. */
export const UpdateLeadBody = z.partial(
  z.strictObject({
    name: leadFields.name,
    business: leadFields.business,
    email: leadFields.email,
    phone: preprocess(emptyToNull, leadFields.phone),
    source: preprocess(emptyToNull, leadFields.source),
    priority: leadFields.priority,
    notes: preprocess(emptyToNull, leadFields.notes),
    proposalLink: preprocess(emptyToNull, leadFields.proposalLink),
    contractStatus: preprocess(emptyToNull, leadFields.contractStatus),
    stage: leadFields.stage,
    creativeDirectorId: preprocess(emptyToNull, leadFields.creativeDirectorId),
    assignedTo: leadFields.assignedTo,
    valueMinor: leadFields.valueMinor,
    expectedCloseOn: preprocess(emptyToNull, leadFields.expectedCloseOn),
    probability: leadFields.probability,
    expectedVersion,
  }),
);
export type UpdateLeadBody = z.infer<typeof UpdateLeadBody>;

/** Body of POST /api/leads/{id}/move: the column and the neighbours the card was dropped between. */
export const MoveLeadBody = z.strictObject({
  stage: leadFields.stage,
  afterId: z.optional(z.nullable(z.uuid("Lead ids are UUIDs"))),
  beforeId: z.optional(z.nullable(z.uuid("Lead ids are UUIDs"))),
  expectedVersion: z.optional(expectedVersion),
});
export type MoveLeadBody = z.infer<typeof MoveLeadBody>;

/** Optional body of POST /api/leads/{id}/archive (DELETE /api/leads/{id} takes none). */
export const ArchiveLeadBody = z.strictObject({
  reason: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(500, "At most 500 characters"))))),
  expectedVersion: z.optional(expectedVersion),
});
export type ArchiveLeadBody = z.infer<typeof ArchiveLeadBody>;

/** Body of POST /api/leads/{id}/lose: one of the agency's reasons (checked against its settings) and an optional note. */
export const LoseLeadBody = z.strictObject({
  reason: z
    .string({ error: "Choose a reason" })
    .check(z.trim(), z.minLength(1, "Choose a reason"), z.maxLength(100, "At most 100 characters")),
  note: z.optional(preprocess(emptyToNull, z.nullable(z.string().check(z.trim(), z.maxLength(2_000, "At most 2,000 characters"))))),
  expectedVersion: z.optional(expectedVersion),
});
export type LoseLeadBody = z.infer<typeof LoseLeadBody>;

/** Optional body of POST /api/leads/{id}/reopen and /restore. */
export const ReopenLeadBody = z.strictObject({ expectedVersion: z.optional(expectedVersion) });
export type ReopenLeadBody = z.infer<typeof ReopenLeadBody>;

/** The most leads one bulk reassignment may name. */
export const MAX_BULK_LEADS = 200;

/** Body of POST /api/leads/reassign: several open leads to one owner, in one action. */
export const ReassignLeadsBody = z.strictObject({
  leadIds: z
    .array(z.uuid("Lead ids are UUIDs"))
    .check(z.minLength(1, "Choose at least one lead"), z.maxLength(MAX_BULK_LEADS, `At most ${MAX_BULK_LEADS} leads at once`)),
  assignedTo: leadFields.assignedTo,
});
export type ReassignLeadsBody = z.infer<typeof ReassignLeadsBody>;
