import { z } from "zod";
import { leadEvents } from "../lead/events.ts";
import { userEvents } from "../user/events.ts";
import { settingsEvents } from "../settings/events.ts";
import { meetingEvents } from "../meeting/events.ts";
import { messagingEvents } from "../messaging/events.ts";
import { questionnaireEvents } from "../questionnaire/events.ts";
import { creativeEvents } from "../creative/events.ts";
import { LeadErased } from "../erasure/events.ts";
import { clientLinkEvents } from "../client-link/client-link.ts";
import { inboundEvents } from "../inbound/events.ts";
import { auditEvents } from "../audit/events.ts";
import { upcastCreativeDirectorUnassignedV1, upcastLeadStageChangedV1 } from "../lead/upcasters.ts";

/**
 * Every event type the system stores, with its current schema version.
 * An upcaster turns the data of version n into version n + 1; reading an old event runs the
 * chain up to the current version before the schema parses it.
 */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;
export interface EventDefinition<S extends z.ZodType = z.ZodType> {
  schemaVersion: number;
  schema: S;
  upcasters?: Readonly<Record<number, Upcaster>>;
}

const define = <S extends z.ZodType>(schema: S, schemaVersion = 1, upcasters?: Record<number, Upcaster>) =>
  ({ schema, schemaVersion, upcasters }) satisfies EventDefinition<S>;

export const EVENT_DEFINITIONS = {
  LeadCreated: define(leadEvents.LeadCreated),
  LeadDetailsChanged: define(leadEvents.LeadDetailsChanged),
  // v2 names where the card landed, so a drop into another column is one event (decisions/005).
  LeadStageChanged: define(leadEvents.LeadStageChanged, 2, { 1: upcastLeadStageChangedV1 }),
  CreativeDirectorAssigned: define(leadEvents.CreativeDirectorAssigned),
  // v2 renamed previousDirectorId to creativeDirectorId, as CreativeDirectorAssigned names it (decisions/021).
  CreativeDirectorUnassigned: define(leadEvents.CreativeDirectorUnassigned, 2, { 1: upcastCreativeDirectorUnassignedV1 }),
  LeadMoved: define(leadEvents.LeadMoved),
  LeadArchived: define(leadEvents.LeadArchived),
  LeadOwnerChanged: define(leadEvents.LeadOwnerChanged),
  LeadDealChanged: define(leadEvents.LeadDealChanged),
  LeadWon: define(leadEvents.LeadWon),
  LeadLost: define(leadEvents.LeadLost),
  LeadReopened: define(leadEvents.LeadReopened),
  LeadRestored: define(leadEvents.LeadRestored),
  LeadActivityLogged: define(leadEvents.LeadActivityLogged),
  LeadEmailBounced: define(leadEvents.LeadEmailBounced),
  LeadErased: define(LeadErased),
  AccessRequested: define(userEvents.AccessRequested),
  UserApproved: define(userEvents.UserApproved),
  AccessRejected: define(userEvents.AccessRejected),
  UserRoleChanged: define(userEvents.UserRoleChanged),
  SystemBootstrapped: define(userEvents.SystemBootstrapped),
  UserInvited: define(userEvents.UserInvited),
  InvitationRenewed: define(userEvents.InvitationRenewed),
  InvitationRevoked: define(userEvents.InvitationRevoked),
  InvitationAccepted: define(userEvents.InvitationAccepted),
  UserDeactivated: define(userEvents.UserDeactivated),
  UserReactivated: define(userEvents.UserReactivated),
  UserProfileChanged: define(userEvents.UserProfileChanged),
  AgencySettingsChanged: define(settingsEvents.AgencySettingsChanged),
  MeetingScheduled: define(meetingEvents.MeetingScheduled),
  MeetingConferenceCreated: define(meetingEvents.MeetingConferenceCreated),
  MeetingConferenceFailed: define(meetingEvents.MeetingConferenceFailed),
  MeetingRescheduled: define(meetingEvents.MeetingRescheduled),
  MeetingCancelled: define(meetingEvents.MeetingCancelled),
  InviteRequested: define(meetingEvents.InviteRequested),
  MeetingRsvpReceived: define(meetingEvents.MeetingRsvpReceived),
  EmailRequested: define(messagingEvents.EmailRequested),
  SmsRequested: define(messagingEvents.SmsRequested),
  EmailSent: define(messagingEvents.EmailSent),
  EmailFailed: define(messagingEvents.EmailFailed),
  SmsSent: define(messagingEvents.SmsSent),
  SmsFailed: define(messagingEvents.SmsFailed),
  QuestionnaireSubmitted: define(questionnaireEvents.QuestionnaireSubmitted),
  ClientLinkIssued: define(clientLinkEvents.ClientLinkIssued),
  ClientLinkRevoked: define(clientLinkEvents.ClientLinkRevoked),
  ClientLinkFlooded: define(clientLinkEvents.ClientLinkFlooded),
  FileUploaded: define(creativeEvents.FileUploaded),
  ContentSubmitted: define(creativeEvents.ContentSubmitted),
  ContentApproved: define(creativeEvents.ContentApproved),
  ContentRejected: define(creativeEvents.ContentRejected),
  ContentRevisionRequested: define(creativeEvents.ContentRevisionRequested),
  TaskCreated: define(creativeEvents.TaskCreated),
  TaskStarted: define(creativeEvents.TaskStarted),
  TaskCompleted: define(creativeEvents.TaskCompleted),
  TaskCancelled: define(creativeEvents.TaskCancelled),
  InboundEmailReceived: define(inboundEvents.InboundEmailReceived),
  InboundEmailDiscarded: define(inboundEvents.InboundEmailDiscarded),
  InboundEmailAssigned: define(inboundEvents.InboundEmailAssigned),
  AuditorReadRecorded: define(auditEvents.AuditorReadRecorded),
} as const;

type Definitions = typeof EVENT_DEFINITIONS;
export type EventType = keyof Definitions;
export const EVENT_TYPES = Object.keys(EVENT_DEFINITIONS) as EventType[];

export type DomainEvent = {
  [K in EventType]: { type: K; data: z.infer<Definitions[K]["schema"]> };
}[EventType];
export type EventOf<K extends EventType> = Extract<DomainEvent, { type: K }>;

export const EventMetadata = z.object({
  /** The user id, or "public" for the client questionnaire, or "system". */
  actor: z.string().min(1),
  at: z.iso.datetime({ offset: true }),
  commandId: z.string().min(1),
  correlationId: z.string().min(1),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

/** An event with who caused it and when: what deciders fold. Distributes over the union. */
export type EventEnvelope<E extends DomainEvent = DomainEvent> = E extends DomainEvent ? E & { metadata: EventMetadata } : never;

/** An event as stored in and read from the log. */
export type RecordedEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? E & {
      eventId: string;
      metadata: EventMetadata;
      streamId: string;
      streamVersion: number;
      position: string;
      schemaVersion: number;
    }
  : never;

export class UnknownEventTypeError extends Error {
  constructor(type: string) {
    super(`Unknown event type ${type}`);
  }
}

function definitionOf(type: string): EventDefinition {
  const definition = (EVENT_DEFINITIONS as Record<string, EventDefinition>)[type];
  if (!definition) throw new UnknownEventTypeError(type);
  return definition;
}

/** Validates an event before it is appended; returns its parsed data and schema version. */
export function encodeEvent(event: DomainEvent): { data: unknown; schemaVersion: number } {
  const definition = definitionOf(event.type);
  return { data: definition.schema.parse(event.data), schemaVersion: definition.schemaVersion };
}

/** Upcasts stored data to the current schema version and validates it. */
export function decodeEvent(type: string, schemaVersion: number, data: unknown): DomainEvent {
  return { type, data: decodeWith(definitionOf(type), type, schemaVersion, data) } as DomainEvent;
}

/** The read path of one definition: the upcaster chain from schemaVersion, then the schema. */
export function decodeWith(definition: EventDefinition, type: string, schemaVersion: number, data: unknown): unknown {
  // Data written by a newer release cannot be read correctly by this one: refuse rather than guess.
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > definition.schemaVersion) {
    throw new Error(`${type} has schema version ${schemaVersion}; this release reads 1 to ${definition.schemaVersion}`);
  }
  let current = data as Record<string, unknown>;
  for (let v = schemaVersion; v < definition.schemaVersion; v++) {
    const upcast = definition.upcasters?.[v];
    if (!upcast) throw new Error(`No upcaster for ${type} from schema version ${v}`);
    current = upcast(current);
  }
  return definition.schema.parse(current);
}
