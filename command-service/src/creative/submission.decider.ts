import { ConflictError, NotFoundError } from "@crm/contracts/api/errors";
import type { EventOf } from "@crm/contracts/events/registry";
import type { StoredFile } from "@crm/contracts/creative/files";
import type { ContentType, ReviewDecision, SubmissionStatus } from "@crm/contracts/creative/submission";
import { type Decider, type EventEnvelope, decideBy } from "../core/decider.ts";

const SUBMISSION_EVENT_TYPES = ["ContentSubmitted", "ContentApproved", "ContentRejected", "ContentRevisionRequested"] as const;
export type SubmissionEvent = EventOf<(typeof SUBMISSION_EVENT_TYPES)[number]>;

export type SubmissionState = { status: "none" } | { status: SubmissionStatus; submissionId: string; leadId: string; title: string };

export type SubmissionCommand =
  | {
      type: "SubmitContent";
      submissionId: string;
      leadId: string;
      creativeDirectorId: string | null;
      contentType: ContentType;
      title: string;
      description: string | null;
      caption: string | null;
      file: StoredFile | null;
    }
  | { type: "ReviewContent"; submissionId: string; decision: ReviewDecision; reviewNotes: string | null };

export const initialState: SubmissionState = { status: "none" };

const REVIEWED: Record<ReviewDecision, { status: SubmissionStatus; event: SubmissionEvent["type"] }> = {
  approve: { status: "approved", event: "ContentApproved" },
  reject: { status: "rejected", event: "ContentRejected" },
  request_revision: { status: "revision_requested", event: "ContentRevisionRequested" },
};

export function evolve(state: SubmissionState, event: EventEnvelope<SubmissionEvent>): SubmissionState {
  switch (event.type) {
    case "ContentSubmitted":
      return { status: "pending", submissionId: event.data.submissionId, leadId: event.data.leadId, title: event.data.title };
    case "ContentApproved":
      return state.status === "none" ? state : { ...state, status: "approved" };
    case "ContentRejected":
      return state.status === "none" ? state : { ...state, status: "rejected" };
    case "ContentRevisionRequested":
      return state.status === "none" ? state : { ...state, status: "revision_requested" };
    default:
      return state;
  }
}

function submit(command: Extract<SubmissionCommand, { type: "SubmitContent" }>, state: SubmissionState): SubmissionEvent[] {
  if (state.status !== "none") throw new ConflictError("A submission with this id already exists.");
  const { submissionId, leadId, creativeDirectorId, contentType, title, description, caption, file } = command;
  return [
    { type: "ContentSubmitted", data: { submissionId, leadId, creativeDirectorId, type: contentType, title, description, caption, file } },
  ];
}

/** Only pending submissions are reviewed (docs/product.md, "Creative work"). */
function review(command: Extract<SubmissionCommand, { type: "ReviewContent" }>, state: SubmissionState): SubmissionEvent[] {
  if (state.status === "none") throw new NotFoundError("Submission");
  if (state.status !== "pending")
    throw new ConflictError(`This submission is already ${state.status.replace("_", " ")}; only pending submissions are reviewed.`);
  const data = { submissionId: state.submissionId, leadId: state.leadId, title: state.title, reviewNotes: command.reviewNotes };
  return [{ type: REVIEWED[command.decision].event, data } as SubmissionEvent];
}

export const decide = decideBy<SubmissionCommand, SubmissionState, SubmissionEvent>({ SubmitContent: submit, ReviewContent: review });

export const submissionDecider: Decider<SubmissionCommand, SubmissionState, SubmissionEvent> = {
  initialState,
  eventTypes: SUBMISSION_EVENT_TYPES,
  evolve,
  decide,
};
