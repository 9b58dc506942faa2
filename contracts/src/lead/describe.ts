import type { z } from "zod";
import type { ActivityType as ActivityTypeSchema } from "../activity/activity.ts";

type ActivityType = z.infer<typeof ActivityTypeSchema>;
import type { DomainEvent } from "../events/registry.ts";
import { bounceReason } from "./undeliverable.ts";

/** A detail field as a timeline entry names it: its words in lower case ("proposalLink" is "proposal link"). */
const label = (field: string) => field.replace(/[A-Z]/g, (ch) => ` ${ch.toLowerCase()}`);

export interface ActivityDescription {
  type: ActivityType;
  title: string;
  /** The words under the title; an entry with an instant (at) is read as "{at in the reader's zone}, {description}". */
  description: string | null;
  /** The instant the entry is about (a meeting's start), UTC ISO: each reader sees it in their own zone. */
  at?: string | null;
  /** A logged activity's follow-up date (YYYY-MM-DD). */
  followUpOn?: string | null;
}

/** How a logged activity's type reads as the head of its title. */
export const LOGGED_ACTIVITY_LABELS = { call: "Call", note: "Note", proposal: "Proposal", contract: "Contract" } as const;

/**
 * How a lead event reads on the timeline; undefined for events that make no entry. names: a user's
 * display name by id where the timeline is built with them (an owner change names the owners), the id otherwise.
 */
export function describeLeadEvent(event: DomainEvent, names?: (userId: string) => string | undefined): ActivityDescription | undefined {
  switch (event.type) {
    case "LeadCreated":
      return { type: "note", title: "Lead created", description: `${event.data.name} from ${event.data.business}` };
    case "LeadDetailsChanged": {
      const fields = Object.keys(event.data.changes);
      return { type: "note", title: "Lead details updated", description: `Changed ${fields.map(label).join(", ")}` };
    }
    case "LeadStageChanged":
      return {
        type: stageActivityType(event.data.to),
        title: `Stage changed to ${event.data.to}`,
        description: `From ${event.data.from} to ${event.data.to}`,
      };
    case "CreativeDirectorAssigned":
      return { type: "assignment", title: "Creative director assigned", description: null };
    case "CreativeDirectorUnassigned":
      return { type: "assignment", title: "Creative director unassigned", description: null };
    case "LeadMoved":
      // A move across columns is told by the LeadStageChanged recorded with it.
      return event.data.from === event.data.to ? { type: "note", title: `Moved within ${event.data.to}`, description: null } : undefined;
    case "LeadArchived":
      return {
        type: "note",
        title: "Lead archived",
        description: `${event.data.name} from ${event.data.business}${event.data.reason ? `: ${event.data.reason}` : ""}`,
      };
    case "LeadOwnerChanged": {
      const name = (id: string | null) => (id === null ? "the creator" : (names?.(id) ?? id));
      return { type: "assignment", title: "Owner changed", description: `From ${name(event.data.from)} to ${name(event.data.to)}` };
    }
    case "LeadDealChanged": {
      const fields = Object.keys(event.data.changes);
      return { type: "note", title: "Deal updated", description: `Changed ${fields.map(dealLabel).join(", ")}` };
    }
    case "LeadWon":
      return { type: "contract", title: "Deal won", description: `Reached ${event.data.stage}` };
    case "LeadLost":
      return { type: "note", title: "Closed as lost", description: `${event.data.reason}${event.data.note ? `: ${event.data.note}` : ""}` };
    case "LeadReopened":
      return { type: "note", title: "Reopened", description: `Back to ${event.data.stage}` };
    case "LeadRestored":
      return { type: "note", title: "Restored from the archive", description: null };
    case "LeadActivityLogged": {
      const { activityType, summary, details, followUpOn } = event.data;
      return { type: activityType, title: `${LOGGED_ACTIVITY_LABELS[activityType]}: ${summary}`, description: details, followUpOn };
    }
    case "LeadEmailBounced":
      return { type: "email", title: `Mail to ${event.data.address} bounced`, description: bounceReason(event.data) };
    default:
      return undefined;
  }
}

/** A deal field as a timeline entry names it. */
const dealLabel = (field: string) =>
  ({ valueMinor: "value", expectedCloseOn: "expected close date", probability: "probability" })[field] ?? label(field);

function stageActivityType(stage: string): ActivityType {
  if (stage === "Proposal Sent") return "proposal";
  if (stage.startsWith("Contract")) return "contract";
  if (stage === "Meeting Scheduled" || stage === "Onboarding Scheduled") return "meeting";
  return "note";
}
