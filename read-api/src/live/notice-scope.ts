import type { AdvancedNotice } from "@crm/contracts/api/live";
import type { UserRole } from "@crm/contracts/user/user";
import { leads, type LeadsRow } from "@crm/contracts/read-models/leads";
import type { Queryable } from "@crm/infra/db/database";

/** Who reads a live notice. */
export interface NoticeReader {
  userId: string;
  role: UserRole;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id a topic names ("lead:<id>", "activities:<id>", "user:<id>"), if any. */
const idOf = (topic: string): string | undefined => {
  const at = topic.indexOf(":");
  return at < 0 ? undefined : topic.slice(at + 1);
};

/**
 * Cuts a notice down to what its reader may see (docs/product.md, "Roles"). Partners, Project
 * Managers and the Auditor see every lead, so every topic. A Creative Director sees the coarse topics ("leads",
 * "activities", …, which name nothing), their own account's topic, and the topics of leads assigned
 * to them; any other topic with an id is dropped, so no other lead's id reaches them. Which leads
 * are theirs is asked once per notice and director, however many streams they hold open.
 */
export function noticeFor(db: Queryable) {
  const asked = new WeakMap<AdvancedNotice, Map<string, Promise<Set<string>>>>();

  function theirs(notice: AdvancedNotice, directorId: string, ids: string[]): Promise<Set<string>> {
    let byDirector = asked.get(notice);
    if (!byDirector) asked.set(notice, (byDirector = new Map()));
    let found = byDirector.get(directorId);
    if (!found) {
      found = db
        .query<Pick<LeadsRow, "id">>(`SELECT id::text AS id FROM ${leads} WHERE creative_director_id = $1 AND id = ANY($2::uuid[])`, [
          directorId,
          ids,
        ])
        .then(({ rows }) => new Set(rows.map((r) => r.id.toLowerCase())));
      byDirector.set(directorId, found);
    }
    return found;
  }

  return async (notice: AdvancedNotice, reader: NoticeReader): Promise<AdvancedNotice | undefined> => {
    if (reader.role !== "Creative Director") return notice;
    const ids = [...new Set(notice.topics.map(idOf).filter((id) => id !== undefined && id !== reader.userId && UUID.test(id)))] as string[];
    const mine =
      ids.length === 0
        ? new Set<string>()
        : await theirs(
            notice,
            reader.userId,
            ids.map((id) => id.toLowerCase()),
          );
    const topics = notice.topics.filter((topic) => {
      const id = idOf(topic);
      if (id === undefined) return true;
      if (topic === `user:${reader.userId}`) return true;
      return !topic.startsWith("user:") && mine.has(id.toLowerCase());
    });
    if (topics.length === 0 && !notice.rebuilt?.length) return undefined;
    return { ...notice, topics };
  };
}
