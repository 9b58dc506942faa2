import type { DomainEvent } from "../events/registry.ts";
import type { LeadActivityDescription } from "../messaging/describe.ts";

/** The three review outcomes: the same entry but for its type and the words before the title. */
const REVIEWS = {
  ContentApproved: { type: "content_approved", verb: "Content approved" },
  ContentRejected: { type: "content_rejected", verb: "Content rejected" },
  ContentRevisionRequested: { type: "creative_request", verb: "Revision requested" },
} as const;

/** Starting, completing and cancelling a task: a note; only a cancellation says why. */
const TASK_STEPS = { TaskStarted: "Task started", TaskCompleted: "Task completed", TaskCancelled: "Task cancelled" } as const;

function describeSubmission(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "ContentSubmitted":
      return {
        leadId: event.data.leadId,
        type: "content_submitted",
        title: `Content submitted: ${event.data.title}`,
        description: `${event.data.type}${event.data.file ? `, ${event.data.file.name}` : ""}`,
      };
    case "ContentApproved":
    case "ContentRejected":
    case "ContentRevisionRequested": {
      const { type, verb } = REVIEWS[event.type];
      return { leadId: event.data.leadId, type, title: `${verb}: ${event.data.title}`, description: event.data.reviewNotes ?? null };
    }
    default:
      return undefined;
  }
}

function describeTask(event: DomainEvent): LeadActivityDescription | undefined {
  switch (event.type) {
    case "TaskCreated":
      return {
        leadId: event.data.leadId,
        type: "creative_request",
        title: `Task created: ${event.data.title}`,
        description: event.data.dueDate ? `Due ${event.data.dueDate}, ${event.data.priority} priority` : `${event.data.priority} priority`,
      };
    case "TaskStarted":
    case "TaskCompleted":
    case "TaskCancelled":
      return {
        leadId: event.data.leadId,
        type: "note",
        title: `${TASK_STEPS[event.type]}: ${event.data.title}`,
        description: event.type === "TaskCancelled" ? event.data.reason : null,
      };
    default:
      return undefined;
  }
}

/** How a content or task event reads on its lead's timeline; uploads alone make no entry. */
export function describeCreativeEvent(event: DomainEvent): LeadActivityDescription | undefined {
  return describeSubmission(event) ?? describeTask(event);
}
