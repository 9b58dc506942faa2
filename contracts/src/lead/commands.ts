import { z } from "zod";
import { leadFields } from "./lead.ts";

const emptyToNull = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), schema);

/** Body of POST /api/leads (docs/product.md, "Leads and the pipeline", Fields). */
export const CreateLeadBody = z.strictObject({
  name: leadFields.name,
  business: leadFields.business,
  email: leadFields.email,
  phone: emptyToNull(leadFields.phone).optional(),
  source: emptyToNull(leadFields.source).optional(),
  priority: leadFields.priority.optional(),
  notes: emptyToNull(leadFields.notes).optional(),
});
export type CreateLeadBody = z.infer<typeof CreateLeadBody>;

/** Body of PATCH /api/leads/{id}: any subset of the editable fields. */
export const UpdateLeadBody = z
  .strictObject({
    name: leadFields.name,
    business: leadFields.business,
    email: leadFields.email,
    phone: emptyToNull(leadFields.phone),
    source: emptyToNull(leadFields.source),
    priority: leadFields.priority,
    notes: emptyToNull(leadFields.notes),
    proposalLink: emptyToNull(leadFields.proposalLink),
    contractStatus: emptyToNull(leadFields.contractStatus),
    stage: leadFields.stage,
    creativeDirectorId: emptyToNull(leadFields.creativeDirectorId),
    expectedVersion: z.number().int().nonnegative(),
  })
  .partial();
export type UpdateLeadBody = z.infer<typeof UpdateLeadBody>;

/** Body of POST /api/leads/{id}/move: the column and the neighbours the card was dropped between. */
export const MoveLeadBody = z.strictObject({
  stage: leadFields.stage,
  afterId: z.uuid("Lead ids are UUIDs").nullable().optional(),
  beforeId: z.uuid("Lead ids are UUIDs").nullable().optional(),
  expectedVersion: z.number().int().nonnegative().optional(),
});
export type MoveLeadBody = z.infer<typeof MoveLeadBody>;

/** Optional body of POST /api/leads/{id}/archive (DELETE /api/leads/{id} takes none). */
export const ArchiveLeadBody = z.strictObject({
  reason: emptyToNull(z.string().trim().max(500, "At most 500 characters").nullable()).optional(),
  expectedVersion: z.number().int().nonnegative().optional(),
});
export type ArchiveLeadBody = z.infer<typeof ArchiveLeadBody>;
