import type { Queryable } from "@crm/infra/db/database";

/**
 * The questions lead commands ask of read models before deciding (decisions/006): whether an id
 * is an approved creative director (users, owned by identity) and which lead has an email (leads).
 * They can lag the log by a moment; that is accepted for these checks.
 */
export interface LeadLookups {
  /** True or false when the users read model exists; undefined while it does not (nothing to check against). */
  isCreativeDirector(userId: string): Promise<boolean | undefined>;
  /** Lead ids by lower-cased, trimmed email; the oldest lead wins when several share one. */
  leadIdsByEmail(emails: readonly string[]): Promise<Map<string, string>>;
}

/** The lookups as SQL over the read-model tables. */
export function sqlLeadLookups(db: Queryable): LeadLookups {
  let usersTableSeen = false;
  async function usersTableExists(): Promise<boolean> {
    if (usersTableSeen) return true;
    const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass('public.users') IS NOT NULL AS found");
    usersTableSeen = rows[0]?.found === true;
    return usersTableSeen;
  }

  return {
    async isCreativeDirector(userId) {
      if (!(await usersTableExists())) return undefined;
      const { rows } = await db.query(
        "SELECT 1 FROM public.users WHERE id = $1::uuid AND role = 'Creative Director' AND approved",
        [userId],
      );
      return rows.length > 0;
    },
    async leadIdsByEmail(emails) {
      if (emails.length === 0) return new Map();
      const { rows } = await db.query<{ email: string; id: string }>(
        `SELECT DISTINCT ON (lower(email)) lower(email) AS email, id FROM public.leads
         WHERE lower(email) = ANY($1::text[]) ORDER BY lower(email), created_at, id`,
        [emails.map((e) => e.trim().toLowerCase())],
      );
      return new Map(rows.map((r) => [r.email, r.id]));
    },
  };
}
