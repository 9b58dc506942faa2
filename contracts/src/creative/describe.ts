import type { DomainEvent } from "../events/registry.ts";
import type { LeadActivityDescription } from "../messaging/describe.ts";

const notes = (reviewNotes: string | null) => reviewNotes ?? null;

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
      return {
        leadId: event.data.leadId,
        type: "content_approved",
        title: `Content approved: ${event.data.title}`,
        description: notes(event.data.reviewNotes),
      };
    case "ContentRejected":
      return {
        leadId: event.data.leadId,
        type: "content_rejected",
        title: `Content rejected: ${event.data.title}`,
        description: notes(event.data.reviewNotes),
      };
    case "ContentRevisionRequested":
      return {
        leadId: event.data.leadId,
        type: "creative_request",
        title: `Revision requested: ${event.data.title}`,
        description: notes(event.data.reviewNotes),
      };
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
      return { leadId: event.data.leadId, type: "note", title: `Task started: ${event.data.title}`, description: null };
    case "TaskCompleted":
      return { leadId: event.data.leadId, type: "note", title: `Task completed: ${event.data.title}`, description: null };
    case "TaskCancelled":
      return { leadId: event.data.leadId, type: "note", title: `Task cancelled: ${event.data.title}`, description: event.data.reason };
    default:
      return undefined;
  }
}

/** How a content or task event reads on its lead's timeline; uploads alone make no entry. */
export function describeCreativeEvent(event: DomainEvent): LeadActivityDescription | undefined {
  return describeSubmission(event) ?? describeTask(event);
}
