import { z } from "zod";
import { BOARD_MAX_PAGE, BOARD_PAGE } from "./board.ts";
import { LEAD_PRIORITIES, LEAD_STAGES } from "./stages.ts";

// The constants live in stages.ts and board.ts (no zod, usable in the browser); the server reaches them here too.
export { LEAD_PRIORITIES, LEAD_STAGES, ONBOARDING_STAGES } from "./stages.ts";
export { BOARD_MAX_PAGE, BOARD_PAGE };

export const LeadStage = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStage>;

export const LeadPriority = z.enum(LEAD_PRIORITIES);
export type LeadPriority = z.infer<typeof LeadPriority>;

const trimmed = (max: number, required = "Must be text") => z.string({ error: required }).trim().max(max, `At most ${max} characters`);

/** Field rules shared by the create and edit commands. */
export const leadFields = {
  name: trimmed(200, "Name is required").min(1, "Name is required"),
  business: trimmed(200, "Business is required").min(1, "Business is required"),
  email: z.string({ error: "Email is required" }).trim().max(320).pipe(z.email("Enter a valid email address")),
  phone: trimmed(40).nullable(),
  source: trimmed(100).nullable(),
  priority: z.enum(LEAD_PRIORITIES, { error: "Priority is high, medium or low" }),
  notes: trimmed(10_000).nullable(),
  proposalLink: trimmed(2_000).nullable(),
  contractStatus: trimmed(200).nullable(),
  stage: z.enum(LEAD_STAGES, { error: `Stage is one of: ${LEAD_STAGES.join(", ")}` }),
  creativeDirectorId: z.uuid("Creative director ids are UUIDs").nullable(),
};

/** The lead as the read API returns it (board and detail). */
export const Lead = z.object({
  id: z.uuid(),
  name: z.string(),
  business: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  stage: LeadStage,
  source: z.string().nullable(),
  priority: LeadPriority,
  proposalLink: z.string().nullable(),
  contractStatus: z.string().nullable(),
  notes: z.string().nullable(),
  lastActivity: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string(),
  assignedTo: z.string().nullable(),
  creativeDirectorId: z.string().nullable(),
  version: z.number().int(),
});
export type Lead = z.infer<typeof Lead>;

/** One column of the board: its stage, how many leads match in all, and the first of them in rank order. */
export const BoardColumn = z.object({ stage: LeadStage, count: z.number().int(), leads: z.array(Lead) });
export type BoardColumn = z.infer<typeof BoardColumn>;

/** GET /api/leads/board: the ten columns in stage order, each with its first page of leads. */
export const LeadBoard = z.object({ columns: z.array(BoardColumn) });
export type LeadBoard = z.infer<typeof LeadBoard>;

/** GET /api/leads: every lead matching the filter. */
export const LeadListQuery = z.object({
  search: z.string().trim().max(200, "At most 200 characters").optional(),
  stage: LeadStage.optional(),
  priority: leadFields.priority.optional(),
  mine: z.enum(["true", "false"], { error: "Use true or false" }).optional(),
});

const pageSize = (min: number) =>
  z
    .number({ error: "Use a whole number" })
    .int("Use a whole number")
    .min(min, `At least ${min}`)
    .max(BOARD_MAX_PAGE, `At most ${BOARD_MAX_PAGE}`);

/** GET /api/leads/board: the same filters, and how many leads each column holds. */
export const LeadBoardQuery = LeadListQuery.omit({ stage: true }).extend({
  /** How many leads each column holds. */
  limit: z.coerce.number<string>({ error: "Use a whole number" }).pipe(pageSize(1)).default(BOARD_PAGE),
  /** Or one count per column, in stage order ("50,150,50,…"): a column scrolled to its end asks for more. */
  limits: z
    .string({ error: `Use ${LEAD_STAGES.length} comma-separated counts` })
    .transform((text) => text.split(",").map(Number))
    .pipe(z.array(pageSize(0)).length(LEAD_STAGES.length, `Use ${LEAD_STAGES.length} comma-separated counts, one per stage`))
    .optional(),
});

export const Stats = z.object({
  newLeads: z.number().int(),
  contractsPending: z.number().int(),
  onboardingInProgress: z.number().int(),
  clientsAssigned: z.number().int(),
});
export type Stats = z.infer<typeof Stats>;
