import type { LeadStatus } from "@crm/contracts/lead/stages";
import { closedLeads, leads } from "@crm/contracts/read-models/leads";
import { users, type UserRow } from "@crm/contracts/read-models/users";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";

/** How long a lookup waits for a read model to reach the head of the log before answering anyway. */
const CATCH_UP_MS = 2_000;

/**
 * The questions lead commands ask of read models before deciding (decisions/006): whether an id
 * is an active creative director or a possible deal owner (users, owned by identity: approved and not deactivated), who the
 * colleagues are (an import's owner column names them) and which lead has an email (leads and closed_leads).
 * Each first waits, briefly, for its read model to reach the head of the log, so a lead created or
 * a director approved a moment ago is seen; if the projector is down it answers from what it has.
 */
export interface LeadLookups {
  /** True or false when the users read model exists; undefined while it does not (nothing to check against). */
  isCreativeDirector(userId: string): Promise<boolean | undefined>;
  /** Whether an id is an active Partner or Project Manager, who may own a deal; undefined while the users read model does not exist. */
  isOwnerCandidate(userId: string): Promise<boolean | undefined>;
  /**
   * The lead each lower-cased, trimmed email belongs to, open, lost or archived: an open lead wins over a
   * closed one, then the oldest.
   */
  leadIdsByEmail(emails: readonly string[]): Promise<Map<string, EmailMatch>>;
  /** Every approved colleague (active or deactivated), for an import's owner column; empty while the users read model does not exist. */
  colleagues(): Promise<Colleague[]>;
}

/** The lead an email belongs to and where it stands. */
export interface EmailMatch {
  id: string;
  status: LeadStatus;
}

/** A colleague as an import names one: by email or display name. */
export interface Colleague extends Pick<UserRow, "id" | "email" | "role" | "status"> {
  name: string;
}

/** The lookups as SQL over the read-model tables. */
export function sqlLeadLookups(db: Queryable, store: EventStore): LeadLookups {
  const tablesSeen = new Set<string>();
  /** Whether a read model's table exists yet (a projector builds it; it may not have run). */
  async function tableExists(table: typeof users.name | typeof leads.name): Promise<boolean> {
    if (tablesSeen.has(table)) return true;
    const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${table}`]);
    if (rows[0]?.found === true) tablesSeen.add(table);
    return tablesSeen.has(table);
  }

  async function catchUp(projection: string) {
    const head = await store.currentPosition();
    const deadline = Date.now() + CATCH_UP_MS;
    while (Date.now() < deadline) {
      const { rows } = await db.query<{ position: string }>("SELECT position FROM public.projection_checkpoints WHERE name = $1", [
        projection,
      ]);
      if (!rows[0] || rows[0].position >= head) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function directorExists(userId: string) {
    const sql = `SELECT 1 FROM public.${users} WHERE id = $1::uuid AND role = 'Creative Director' AND status = 'active'`;
    return (await db.query(sql, [userId])).rows.length > 0;
  }

  async function ownerExists(userId: string) {
    const sql = `SELECT 1 FROM public.${users} WHERE id = $1::uuid AND role IN ('Partner', 'Project Manager') AND status = 'active'`;
    return (await db.query(sql, [userId])).rows.length > 0;
  }

  return {
    async isCreativeDirector(userId) {
      if (!(await tableExists(users.name))) return undefined;
      if (await directorExists(userId)) return true;
      await catchUp("users"); // only a "no" might be stale: ask again once the users are current
      return directorExists(userId);
    },
    async isOwnerCandidate(userId) {
      if (!(await tableExists(users.name))) return undefined;
      if (await ownerExists(userId)) return true;
      await catchUp("users");
      return ownerExists(userId);
    },
    async leadIdsByEmail(emails) {
      if (emails.length === 0 || !(await tableExists(leads.name))) return new Map();
      await catchUp("leads");
      // closed_leads is built by the same projection as leads: it exists whenever leads does.
      const { rows } = await db.query<{ email: string; id: string; status: LeadStatus }>(
        `SELECT DISTINCT ON (email) email, id, status FROM (
           SELECT lower(email) AS email, id, 'open' AS status, 0 AS closed, created_at FROM public.${leads} WHERE lower(email) = ANY($1::text[])
           UNION ALL
           SELECT lower(email), id, status, 1, created_at FROM public.${closedLeads} WHERE lower(email) = ANY($1::text[])
         ) found ORDER BY email, closed, created_at, id`,
        [emails.map((e) => e.trim().toLowerCase())],
      );
      return new Map(rows.map((r) => [r.email, { id: r.id, status: r.status }]));
    },
    async colleagues() {
      if (!(await tableExists(users.name))) return [];
      await catchUp("users");
      const { rows } = await db.query<Colleague>(
        `SELECT id, email, display_name AS name, role, status FROM public.${users} WHERE approved ORDER BY email, id`,
      );
      return rows;
    },
  };
}
