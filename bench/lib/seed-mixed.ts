import { EVENT_DEFINITIONS } from "@crm/contracts/events/registry";
import { LEAD_STAGES } from "@crm/contracts/lead/lead";
import { QUESTIONNAIRE_COUNT_FIELDS, QUESTIONNAIRE_TEXT_FIELDS } from "@crm/contracts/questionnaire/fields";
import type { Database } from "@crm/infra/db/database";

/**
 * Each lead's third event sets its deal (a value, and for three leads in four a probability of its
 * own) where the log knows deals (issue 31); before that it stays a detail edit, so the same seed
 * measures a board without values on an older tree.
 */
const DEALS = "LeadDealChanged" in EVENT_DEFINITIONS ? "true" : "false";

/** Leads per INSERT statement: each chunk is its own transaction, as real traffic would be. */
const CHUNK_LEADS = 5_000;
/** Events per lead on the meeting, message and questionnaire streams, on average (see SATELLITES). */
const SATELLITES_PER_LEAD = 3 / 3 + 2 / 2 + 1 / 5;

const STAGES = `ARRAY[${LEAD_STAGES.map((s) => `'${s}'`).join(", ")}]`;
const K = LEAD_STAGES.length;
const ANSWERS = `jsonb_build_object(${[
  ...QUESTIONNAIRE_COUNT_FIELDS.map((f, i) => `'${f}', ${i === 0 ? "l.i % 50000" : "NULL"}`),
  ...QUESTIONNAIRE_TEXT_FIELDS.map((f, i) => `'${f}', ${i < 3 ? `'Answer ${i} for lead ' || l.i` : "NULL"}`),
].join(", ")})`;

/**
 * Lead events: LeadCreated, then stage changes (even versions, one stage further each time, round
 * the pipeline) and detail edits (odd versions). Columns: lead, order key, stream, version, id, type, data.
 */
const LEAD_EVENTS = `
  SELECT l.i, v AS o, 'lead-' || l.id AS stream_id, v AS sv, gen_random_uuid() AS event_id, e.type, e.data
  FROM bench_leads l
  CROSS JOIN LATERAL generate_series(1, l.n) AS v
  CROSS JOIN LATERAL (
    SELECT CASE WHEN v = 1 THEN 'LeadCreated' WHEN v % 2 = 0 THEN 'LeadStageChanged' WHEN v = 3 AND ${DEALS} THEN 'LeadDealChanged'
             ELSE 'LeadDetailsChanged' END AS type,
      CASE
        WHEN v = 1 THEN jsonb_build_object('leadId', l.id, 'name', 'Lead ' || l.i, 'business', 'Studio ' || (l.i % 997),
          'email', 'lead' || l.i || '@example.com', 'phone', CASE WHEN l.i % 3 = 0 THEN NULL ELSE '+1 555 ' || (l.i % 10000) END,
          'source', 'Referral', 'priority', (ARRAY['high', 'medium', 'low'])[l.i % 3 + 1], 'notes', NULL,
          'proposalLink', NULL, 'contractStatus', NULL, 'stage', 'New Lead')
        WHEN v % 2 = 0 THEN jsonb_build_object('leadId', l.id, 'from', (${STAGES})[(v / 2 - 1) % ${K} + 1], 'to', (${STAGES})[(v / 2) % ${K} + 1],
          'afterId', NULL, 'beforeId', NULL)
        WHEN v = 3 AND ${DEALS} THEN jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('valueMinor', (l.i * 7919) % 5000000,
          'expectedCloseOn', '2031-0' || (1 + l.i % 9) || '-15', 'probability', CASE WHEN l.i % 4 = 0 THEN NULL ELSE l.i % 101 END))
        WHEN v % 3 = 0 THEN jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('notes', 'Call back, edit ' || v))
        WHEN v % 3 = 1 THEN jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('priority', (ARRAY['high', 'medium', 'low'])[v % 3 + 1]))
        ELSE jsonb_build_object('leadId', l.id, 'changes', jsonb_build_object('phone', '+1 555 01' || v, 'source', 'Website'))
      END AS data
  ) e
  WHERE l.i BETWEEN $1 AND $2`;

/** A meeting (scheduled, invite requested, invite sent) for every third lead, after its creation. */
const MEETING_EVENTS = `
  SELECT l.i, 1 + s AS o, 'meeting-' || l.meeting_id, s, CASE WHEN s = 2 THEN l.invite_id ELSE gen_random_uuid() END, e.type, e.data
  FROM bench_leads l CROSS JOIN LATERAL generate_series(1, 3) AS s
  CROSS JOIN LATERAL (
    SELECT (ARRAY['MeetingScheduled', 'InviteRequested', 'EmailSent'])[s] AS type,
      CASE s
        WHEN 1 THEN jsonb_build_object('meetingId', l.meeting_id, 'leadId', l.id, 'title', 'Kick-off ' || l.i, 'type', 'general',
          'meetingType', 'google-meet', 'location', NULL, 'startTime', '2030-01-0' || (1 + l.i % 9) || 'T10:00:00.000Z',
          'endTime', '2030-01-0' || (1 + l.i % 9) || 'T10:30:00.000Z', 'notes', NULL, 'attendeeEmail', 'lead' || l.i || '@example.com',
          'conferenceProvider', 'jitsi', 'joinLink', 'https://meet.jit.si/bench-' || l.i)
        WHEN 2 THEN jsonb_build_object('meetingId', l.meeting_id, 'leadId', l.id, 'to', 'lead' || l.i || '@example.com', 'method', 'REQUEST', 'sequence', 0)
        ELSE jsonb_build_object('requestId', l.invite_id, 'leadId', l.id, 'kind', 'invite', 'to', 'lead' || l.i || '@example.com',
          'subject', 'Invitation: Kick-off ' || l.i, 'transport', 'outbox', 'providerMessageId', NULL, 'attempts', 1)
      END AS data
  ) e
  WHERE l.i BETWEEN $1 AND $2 AND l.i % 3 = 0`;

/** An email (requested, sent) for every second lead. */
const MESSAGE_EVENTS = `
  SELECT l.i, 2 + s, 'message-' || l.message_id, s, CASE WHEN s = 1 THEN l.request_id ELSE gen_random_uuid() END,
    CASE WHEN s = 1 THEN 'EmailRequested' ELSE 'EmailSent' END,
    CASE WHEN s = 1 THEN jsonb_build_object('messageId', l.message_id, 'leadId', l.id, 'kind', 'message', 'formType', NULL,
        'to', 'lead' || l.i || '@example.com', 'subject', 'Following up', 'html', '<p>Hello Lead ' || l.i || '</p>', 'text', 'Hello Lead ' || l.i)
      ELSE jsonb_build_object('requestId', l.request_id, 'leadId', l.id, 'kind', 'message', 'to', 'lead' || l.i || '@example.com',
        'subject', 'Following up', 'transport', 'outbox', 'providerMessageId', NULL, 'attempts', 1) END
  FROM bench_leads l CROSS JOIN LATERAL generate_series(1, 2) AS s
  WHERE l.i BETWEEN $1 AND $2 AND l.i % 2 = 0`;

/** A questionnaire submission for every fifth lead. */
const QUESTIONNAIRE_EVENTS = `
  SELECT l.i, 5, 'questionnaire-' || l.id, 1, gen_random_uuid(), 'QuestionnaireSubmitted',
    jsonb_build_object('responseId', gen_random_uuid(), 'leadId', l.id, 'version', 1, 'answers', ${ANSWERS})
  FROM bench_leads l WHERE l.i BETWEEN $1 AND $2 AND l.i % 5 = 0`;

/** Each event type's current schema version, where it is not 1: the seed writes what the app writes. */
const SCHEMA_VERSIONS = Object.entries(EVENT_DEFINITIONS)
  .filter(([, d]) => d.schemaVersion !== 1)
  .map(([type, d]) => `WHEN '${type}' THEN ${d.schemaVersion}`)
  .join(" ");

const LOST_REASONS = `ARRAY['Budget', 'Chose another agency', 'No response', 'Timing', 'Not a fit']`;

/**
 * With outcomes: after its last event, every fourth lead is won (i % 4 = 1) and every fourth is
 * lost from the stage it stands in (i % 4 = 2), so the reports have wins, losses and reasons.
 */
const OUTCOME_EVENTS = `
  SELECT l.i, l.n + 1, 'lead-' || l.id, l.n + 1, gen_random_uuid(),
    CASE WHEN l.i % 4 = 1 THEN 'LeadWon' ELSE 'LeadLost' END,
    CASE WHEN l.i % 4 = 1 THEN jsonb_build_object('leadId', l.id, 'stage', 'Contract Signed')
      ELSE jsonb_build_object('leadId', l.id, 'stage', (${STAGES})[(l.n / 2) % ${K} + 1], 'reason', (${LOST_REASONS})[l.i % 5 + 1], 'note', NULL) END
  FROM bench_leads l WHERE l.i BETWEEN $1 AND $2 AND l.i % 4 IN (1, 2)`;

/**
 * When an event happened: now, or with a spread, each lead created at its own point of the last
 * `spread` days (the oldest first) and its events six hours apart, so reports over a month or a
 * quarter find work in them.
 */
const atOf = (spread: number | undefined, leads: number) =>
  spread === undefined
    ? "now()"
    : `now() - interval '${spread} days' + (x.i::float8 / ${leads}) * interval '${Math.max(1, spread - 90)} days' + x.o * interval '6 hours'`;

/** The log interleaves blocks of 500 leads by order key, so a projector batch mixes streams and kinds. */
const eventsSql = (outcomes: boolean, at: string) => `
  INSERT INTO events (stream_id, stream_version, event_id, event_type, schema_version, data, metadata)
  SELECT x.stream_id, x.sv, x.event_id, x.type, CASE x.type ${SCHEMA_VERSIONS} ELSE 1 END, x.data,
         jsonb_build_object('actor', 'bench', 'at', to_char((${at}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
                            'commandId', x.event_id::text, 'correlationId', x.event_id::text)
  FROM (${LEAD_EVENTS} UNION ALL ${MEETING_EVENTS} UNION ALL ${MESSAGE_EVENTS} UNION ALL ${QUESTIONNAIRE_EVENTS}
        ${outcomes ? `UNION ALL ${OUTCOME_EVENTS}` : ""}) x
  ORDER BY x.i / 500, x.o, x.i`;

const streamsSql = (outcomes: boolean) => `
  INSERT INTO streams (stream_id, stream_type, version)
  SELECT 'lead-' || id, 'lead', n + ${outcomes ? "CASE WHEN i % 4 IN (1, 2) THEN 1 ELSE 0 END" : "0"} FROM bench_leads
  UNION ALL SELECT 'meeting-' || meeting_id, 'meeting', 3 FROM bench_leads WHERE i % 3 = 0
  UNION ALL SELECT 'message-' || message_id, 'message', 2 FROM bench_leads WHERE i % 2 = 0
  UNION ALL SELECT 'questionnaire-' || id, 'questionnaire', 1 FROM bench_leads WHERE i % 5 = 0`;

export interface MixedSeed {
  /** About how many events in all. */
  events: number;
  /** How many leads (default: events / 12, so about 10 lead events each). */
  leads?: number;
  /** Spread the events' instants over this many days before now (default: every event now). */
  spreadDays?: number;
  /** Win a quarter of the leads and lose another quarter (default: none). */
  outcomes?: boolean;
}

/**
 * Writes about `events` valid events straight into streams/events: lead streams (n events each,
 * spread around the average), and for some leads a meeting, an email, a questionnaire.
 * Resolves to the exact event and lead counts.
 */
export async function seedMixedEvents(
  db: Database,
  { events, leads: wanted, spreadDays, outcomes = false }: MixedSeed,
): Promise<{ events: number; leads: number }> {
  const leads = Math.max(1, wanted ?? Math.round(events / 12));
  const perLead = Math.max(2, events / leads - SATELLITES_PER_LEAD);
  await db.exec(`
    DROP TABLE IF EXISTS bench_leads;
    CREATE UNLOGGED TABLE bench_leads AS
      SELECT i, gen_random_uuid() AS id, greatest(2, round(${perLead} * (0.25 + 1.5 * (i % 17) / 16.0)))::int AS n,
             gen_random_uuid() AS meeting_id, gen_random_uuid() AS invite_id, gen_random_uuid() AS message_id, gen_random_uuid() AS request_id
      FROM generate_series(1, ${leads}) AS i;
    ${streamsSql(outcomes)};
  `);
  for (let from = 1; from <= leads; from += CHUNK_LEADS) {
    await db.transaction(async (tx) => {
      await tx.exec("SET LOCAL synchronous_commit = off");
      await tx.query(eventsSql(outcomes, atOf(spreadDays, leads)), [from, Math.min(leads, from + CHUNK_LEADS - 1)]);
    });
  }
  const { rows } = await db.query<{ count: string }>("SELECT count(*) AS count FROM events");
  await db.exec("DROP TABLE bench_leads");
  // A rebuild right after a bulk load should not pay for hint bits and missing statistics.
  for (const table of ["events", "streams"]) await db.exec(`VACUUM ANALYZE ${table}`);
  return { events: Number(rows[0]!.count), leads };
}
