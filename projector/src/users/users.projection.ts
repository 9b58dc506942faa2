import type { RecordedEvent } from "@crm/contracts/events/registry";
import { userIdOfStream } from "@crm/contracts/user/stream";
import { USERS_TABLES, users, type UserRow } from "@crm/contracts/read-models/users";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows } from "../sql.ts";

const COLUMNS = sqlTypes(users);

const DDL = createTableSql(users);

/** The API lists pending requests and staff by role; the handlers only look users up by id. */
const READER_INDEXES = `
  CREATE INDEX users_pending ON users (requested_at) WHERE NOT approved;
  CREATE INDEX users_role ON users (role, display_name) WHERE approved;
`;

/** The row after one event; null when the request is gone (rejected). */
function applyEvent(row: UserRow | null, event: RecordedEvent): UserRow | null {
  const at = event.metadata.at;
  switch (event.type) {
    case "AccessRequested": {
      const d = event.data;
      return {
        id: d.userId,
        email: d.email,
        display_name: d.displayName,
        role: d.role,
        approved: false,
        requested_at: at,
        approved_at: null,
        approved_by: null,
        previous_rejection_at: d.previousRejectionAt ?? null,
      };
    }
    case "UserApproved":
      return row && { ...row, approved: true, approved_at: at, approved_by: event.data.approvedBy };
    case "AccessRejected":
      return null;
    case "UserRoleChanged":
      return row && { ...row, role: event.data.to };
    default:
      return row;
  }
}

const userIdOf = (event: RecordedEvent) => userIdOfStream(event.streamId);

async function apply(tx: Queryable, events: readonly RecordedEvent[]) {
  const ids = [...new Set(events.map(userIdOf).filter((id): id is string => id !== undefined))];
  if (ids.length === 0) return;
  const { rows } = await tx.query<UserRow>(`SELECT ${Object.keys(COLUMNS).join(", ")} FROM ${users} WHERE id = ANY($1::uuid[])`, [ids]);
  const byId = new Map<string, UserRow | null>(rows.map((r) => [r.id, r]));
  for (const event of events) {
    const id = userIdOf(event);
    if (id) byId.set(id, applyEvent(byId.get(id) ?? null, event));
  }
  const gone = ids.filter((id) => byId.get(id) === null);
  if (gone.length > 0) await tx.query(`DELETE FROM ${users} WHERE id = ANY($1::uuid[])`, [gone]);
  await upsertRows(
    tx,
    users.name,
    COLUMNS,
    "id",
    ids.map((id) => byId.get(id)).filter((r): r is UserRow => r != null),
  );
}

export const usersProjection: Projection = {
  name: "users",
  // 2: previous_rejection_at, a re-application's earlier rejection (decisions/040).
  version: 2,
  tables: USERS_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map(userIdOf).filter((id) => id !== undefined));
    const pending = events.some((e) => e.type === "AccessRequested" || e.type === "UserApproved" || e.type === "AccessRejected");
    return ids.size === 0 ? [] : ["users", ...(pending ? ["users:pending"] : []), "me", ...[...ids].map((id) => `user:${id}`)];
  },
};
