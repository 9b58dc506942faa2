// zod/mini, because the browser imports this module (the lead form reuses CreateLeadBody's rules and messages).
import { z } from "zod/mini";
import { emptyToNull, preprocess } from "../api/preprocess.ts";
import { LEAD_PRIORITIES, LEAD_STAGES } from "./stages.ts";

const trimmed = (max: number, required = "Must be text") =>
  z.string({ error: required }).check(z.trim(), z.maxLength(max, `At most ${max} characters`));

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
