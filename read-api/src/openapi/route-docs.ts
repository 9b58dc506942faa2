import { z } from "zod";
import { CommandResult } from "@crm/contracts/api/command-result";
import { Activity } from "@crm/contracts/activity/activity";
import { Me, OidcPublicConfig, SignInBody, SignUpBody } from "@crm/contracts/auth/auth";
import { EraseLeadBody, EraseLeadResult } from "@crm/contracts/erasure/erasure";
import { AsOfQuery, LeadHistory } from "@crm/contracts/history/history";
import { ClientLinkCreated, ClientLinkRevokedResult, ClientLinkStatus, IssueClientLinkBody, PublicClientLink, RevokeClientLinkBody } from "@crm/contracts/client-link/client-link";
import { ArchiveLeadBody, CreateLeadBody, MoveLeadBody, UpdateLeadBody } from "@crm/contracts/lead/commands";
import { ImportLeadsBody, ImportResult } from "@crm/contracts/lead/import";
import { Lead, LeadBoard, LeadBoardQuery, LeadListQuery, Stats } from "@crm/contracts/lead/lead";
import { CancelMeetingBody, Meeting, RescheduleMeetingBody, ScheduleMeetingBody } from "@crm/contracts/meeting/meeting";
import { MessageAccepted, SendEmailCompatBody, SendFormBody, SendLeadEmailBody, SendSmsBody } from "@crm/contracts/messaging/commands";
import { AssignDirectorBody, OnboardingActivity } from "@crm/contracts/onboarding/onboarding";
import { QuestionnaireAccepted, QuestionnaireResponse, QuestionnaireVersion, SubmitQuestionnaireBody } from "@crm/contracts/questionnaire/questionnaire";
import { ChangeRoleBody, PendingUser, RegisterBody, User } from "@crm/contracts/user/user";

/** What the description says about one route beyond its policy line: schemas come from contracts/. */
export interface RouteDoc {
  summary: string;
  tag: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** The success answer; status 200 unless given. */
  response?: z.ZodType;
  status?: number;
  /** A non-JSON success answer (an export, a redirect, an event stream). */
  produces?: string;
}

const Positioned = <S extends z.ZodObject>(s: S) => s.extend({ position: z.string(), version: z.number().int() });
const withPosition = Positioned(Lead);

/** One entry per route of the access policy, keyed "METHOD /path" exactly as the policy writes it. */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  "POST /api/auth/sign-up": { tag: "auth", summary: "Create an account and sign in", body: SignUpBody, response: Me, status: 201 },
  "POST /api/auth/sign-in": { tag: "auth", summary: "Sign in with email and password", body: SignInBody, response: Me },
  "POST /api/auth/sign-out": { tag: "auth", summary: "Sign out (revokes the session)", status: 204 },
  "GET /api/auth/me": { tag: "auth", summary: "The signed-in account and its staff record", response: Me },
  "POST /api/auth/register": { tag: "auth", summary: "Request access with a role", body: RegisterBody, response: Positioned(User), status: 201 },
  "GET /api/auth/oidc/config": { tag: "auth", summary: "Whether OpenID Connect sign-in is configured", response: OidcPublicConfig },
  "GET /api/auth/oidc/start": { tag: "auth", summary: "Redirect to the OpenID provider", status: 302, produces: "redirect" },
  "GET /api/auth/oidc/callback": { tag: "auth", summary: "Return from the OpenID provider", status: 302, produces: "redirect" },
  "GET /api/users": { tag: "users", summary: "Approved staff", response: z.array(User) },
  "GET /api/users/creative-directors": { tag: "users", summary: "Approved Creative Directors", response: z.array(User) },
  "GET /api/users/pending": { tag: "users", summary: "Access requests waiting for approval", response: z.array(PendingUser) },
  "POST /api/users/{id}/approve": { tag: "users", summary: "Approve an access request", response: Positioned(User) },
  "DELETE /api/users/{id}/reject": { tag: "users", summary: "Reject an access request", status: 204 },
  "POST /api/users/{id}/role": { tag: "users", summary: "Change a user's role", body: ChangeRoleBody, response: User },
  "GET /api/health": {
    tag: "operations",
    summary: "Liveness: ok (200) or unavailable (503); a Partner, this host or the METRICS_TOKEN bearer also get the database and each read model's lag",
  },
  "GET /api/ready": { tag: "operations", summary: "Readiness: 503 while a projection is more than READY_MAX_LAG events behind the log" },
  "GET /api/metrics": { tag: "operations", summary: "Prometheus metrics (loopback only, or the METRICS_TOKEN bearer when set)", produces: "text/plain" },
  "GET /api/events/stream": {
    tag: "operations",
    summary: "Live read-model notices (Server-Sent Events) for approved staff, each cut to what its reader may see; 429 past 5 streams per session",
    produces: "text/event-stream",
  },
  "GET /api/stats": { tag: "dashboard", summary: "Pipeline counts (a Creative Director's: their own clients)", response: Stats },
  "GET /api/activities/recent": { tag: "dashboard", summary: "Recent activity across leads (a Creative Director's: their own clients)", response: z.array(Activity) },
  "GET /api/leads": { tag: "leads", summary: "Every lead matching the filter, in board order (CSV export)", query: LeadListQuery, response: z.array(Lead) },
  "GET /api/leads/board": {
    tag: "leads",
    summary: "The board: each column's count and first leads (?limit= each, or ?limits= one per stage), filtered",
    query: LeadBoardQuery,
    response: LeadBoard,
  },
  "POST /api/leads": { tag: "leads", summary: "Create a lead", body: CreateLeadBody, response: withPosition, status: 201 },
  "GET /api/leads/{id}": { tag: "leads", summary: "One lead; with ?asOf= the lead as it was then, replayed from its stream", query: AsOfQuery.partial(), response: Lead },
  "PATCH /api/leads/{id}": { tag: "leads", summary: "Edit a lead", body: UpdateLeadBody, response: withPosition },
  "DELETE /api/leads/{id}": { tag: "leads", summary: "Archive a lead", response: CommandResult },
  "POST /api/leads/{id}/move": { tag: "leads", summary: "Move a card on the board", body: MoveLeadBody, response: withPosition },
  "POST /api/leads/{id}/archive": { tag: "leads", summary: "Archive a lead", body: ArchiveLeadBody, response: CommandResult },
  "POST /api/leads/import": { tag: "leads", summary: "Import leads from CSV", body: ImportLeadsBody, response: ImportResult },
  "GET /api/activities": { tag: "leads", summary: "A lead's timeline", response: z.array(Activity) },
  "GET /api/leads/{id}/history": { tag: "audit", summary: "Every event of the lead and its related streams, with who, when, what changed", response: LeadHistory },
  "GET /api/leads/{id}/history.jsonl": { tag: "audit", summary: "The history as JSON lines (one entry per line)", produces: "application/x-ndjson" },
  "GET /api/leads/{id}/history.html": { tag: "audit", summary: "The history as a printable HTML report", produces: "text/html" },
  "POST /api/leads/{id}/erase": { tag: "audit", summary: "Erase the lead's personal data (typed confirmation)", body: EraseLeadBody, response: EraseLeadResult },
  "GET /api/openapi.json": { tag: "operations", summary: "This description" },
  "GET /api/meetings": { tag: "meetings", summary: "Meetings", response: z.array(Meeting) },
  "GET /api/meetings/{id}": { tag: "meetings", summary: "One meeting", response: Meeting },
  "POST /api/meetings": { tag: "meetings", summary: "Schedule a meeting", body: ScheduleMeetingBody, response: Positioned(Meeting), status: 201 },
  "PATCH /api/meetings/{id}": { tag: "meetings", summary: "Reschedule a meeting", body: RescheduleMeetingBody, response: Positioned(Meeting) },
  "POST /api/meetings/{id}/cancel": { tag: "meetings", summary: "Cancel a meeting", body: CancelMeetingBody, response: Positioned(Meeting) },
  "POST /api/leads/{id}/send-form": { tag: "messages", summary: "Email a form link to the lead", body: SendFormBody, response: MessageAccepted, status: 202 },
  "POST /api/leads/{id}/send-email": { tag: "messages", summary: "Email the lead", body: SendLeadEmailBody, response: MessageAccepted, status: 202 },
  "POST /api/leads/{id}/send-sms": { tag: "messages", summary: "Text the lead", body: SendSmsBody, response: MessageAccepted, status: 202 },
  "POST /api/send-email": { tag: "messages", summary: "Send an email (old shape, kept for compatibility)", body: SendEmailCompatBody, response: MessageAccepted, status: 202 },
  "POST /api/questionnaire": { tag: "onboarding", summary: "Submit the client questionnaire (public)", body: SubmitQuestionnaireBody, response: QuestionnaireAccepted, status: 201 },
  "GET /api/questionnaire/link/{token}": { tag: "onboarding", summary: "Whether a client link works (public; 410 when it does not)", response: PublicClientLink },
  "GET /api/leads/{id}/client-link": { tag: "onboarding", summary: "The lead's live client questionnaire link, without its token", response: ClientLinkStatus },
  "POST /api/leads/{id}/client-link": { tag: "onboarding", summary: "Create a client link (its URL is shown once; replaces the live one)", body: IssueClientLinkBody, response: ClientLinkCreated, status: 201 },
  "DELETE /api/leads/{id}/client-link": { tag: "onboarding", summary: "Revoke the lead's client link", body: RevokeClientLinkBody, response: ClientLinkRevokedResult },
  "GET /api/questionnaire/{leadId}": { tag: "onboarding", summary: "A lead's latest questionnaire answers", response: QuestionnaireResponse },
  "GET /api/questionnaire/{leadId}/versions": { tag: "onboarding", summary: "A lead's questionnaire versions", response: z.array(QuestionnaireVersion) },
  "POST /api/onboarding/{id}/assign-director": { tag: "onboarding", summary: "Assign a Creative Director", body: AssignDirectorBody, response: withPosition },
  "GET /api/onboarding/activities": { tag: "onboarding", summary: "Recent onboarding activities", response: z.array(OnboardingActivity) },
};
