import type { z } from "zod";
import type { ActivityType as ActivityTypeSchema } from "../activity/activity.ts";

type ActivityType = z.infer<typeof ActivityTypeSchema>;
import type { DomainEvent } from "../events/registry.ts";

/** A detail field as a timeline entry names it: its words in lower case ("proposalLink" is "proposal link"). */
const label = (field: string) => field.replace(/[A-Z]/g, (ch) => ` ${ch.toLowerCase()}`);

export interface ActivityDescription {
  type: ActivityType;
  title: string;
  description: string | null;
}

/** How a lead event reads on the timeline; undefined for events that make no entry. */
export function describeLeadEvent(event: DomainEvent): ActivityDescription | undefined {
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
      return { type: "note", title: "Lead archived", description: `${event.data.name} from ${event.data.business}${event.data.reason ? `: ${event.data.reason}` : ""}` };
    default:
      return undefined;
  }
}

function stageActivityType(stage: string): ActivityType {
  if (stage === "Proposal Sent") return "proposal";
  if (stage.startsWith("Contract")) return "contract";
  if (stage === "Meeting Scheduled" || stage === "Onboarding Scheduled") return "meeting";
  return "note";
}
