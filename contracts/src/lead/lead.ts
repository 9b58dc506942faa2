import { z } from "zod";
import { isTimeZone } from "../time/date-time.ts";
import { BOARD_MAX_PAGE, BOARD_PAGE } from "./board.ts";
import { leadFields } from "./commands.ts";
import { LEAD_PRIORITIES, LEAD_STAGES } from "./stages.ts";

// The constants live in stages.ts and board.ts (no zod, usable in the browser); the server reaches them here too.
export {
  DEFAULT_LOST_REASONS,
  DEFAULT_STAGE_PROBABILITIES,
  LEAD_PRIORITIES,
  LEAD_STAGES,
  LEAD_STATUSES,
  ONBOARDING_STAGES,
  WON_STAGE,
} from "./stages.ts";
export { BOARD_MAX_PAGE, BOARD_PAGE };
// The answers live in answers.ts (zod/mini, for the browser); the server may still import them from here.
export { BoardColumn, Lead, LeadBoard, Stats } from "./answers.ts";

export const LeadStage = z.enum(LEAD_STAGES);
export type LeadStage = z.infer<typeof LeadStage>;

export const LeadPriority = z.enum(LEAD_PRIORITIES);
export type LeadPriority = z.infer<typeof LeadPriority>;

/** GET /api/leads: every lead matching the filter. */
export const LeadListQuery = z.object({
  search: z.string().trim().max(200, "At most 200 characters").optional(),
  stage: LeadStage.optional(),
  priority: z.optional(leadFields.priority),
  /** Only the leads I own. */
  mine: z.enum(["true", "false"], { error: "Use true or false" }).optional(),
  /** Only the leads this staff account owns. */
  owner: z.uuid("Owner ids are UUIDs").optional(),
});

/** GET /api/stats/pipeline: whose calendar the chart's weeks follow (the reader's zone). */
export const PipelineChartsQuery = z.object({
  zone: z
    .string({ error: "Time zone is required" })
    .trim()
    .max(64, { error: "At most 64 characters", abort: true })
    .refine(isTimeZone, "Use an IANA time zone, such as Europe/Berlin"),
});

/** GET /api/leads/lost and /api/leads/archived: the closed leads, newest first, optionally searched. */
export const ClosedLeadsQuery = z.object({
  search: z.string().trim().max(200, "At most 200 characters").optional(),
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
