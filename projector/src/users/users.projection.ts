import type { RecordedEvent } from "@crm/contracts/events/registry";
import { userIdOfStream } from "@crm/contracts/user/stream";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows, type Columns } from "../sql.ts";

/** One row per live access request or staff member (auth-contract.md); rejected requests are deleted. */
const COLUMNS = {
  id: "uuid",
  email: "text",
  display_name: "text",
  role: "text",
  approved: "boolean",
  requested_at: "timestamptz",
  approved_at: "timestamptz",
  approved_by: "uuid",
  previous_rejection_at: "timestamptz",
} as const satisfies Columns;

export interface UserRow {
  id: string;
  email: string;
  display_name: string;
  role: string;
  approved: boolean;
  requested_at: string;
  approved_at: string | null;
  approved_by: string | null;
  previous_rejection_at: string | null;
}

const DDL = `
  CREATE TABLE users (
    id uuid PRIMARY KEY,
    email text NOT NULL,
    display_name text NOT NULL,
    role text NOT NULL,
    approved boolean NOT NULL DEFAULT false,
    requested_at timestamptz NOT NULL,
    approved_at timestamptz,
    approved_by uuid,
    previous_rejection_at timestamptz
  );
`;

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
  const { rows } = await tx.query<UserRow>(`SELECT ${Object.keys(COLUMNS).join(", ")} FROM users WHERE id = ANY($1::uuid[])`, [ids]);
  const users = new Map<string, UserRow | null>(rows.map((r) => [r.id, r]));
  for (const event of events) {
    const id = userIdOf(event);
    if (id) users.set(id, applyEvent(users.get(id) ?? null, event));
  }
  const gone = ids.filter((id) => users.get(id) === null);
  if (gone.length > 0) await tx.query(`DELETE FROM users WHERE id = ANY($1::uuid[])`, [gone]);
  await upsertRows(
    tx,
    "users",
    COLUMNS,
    "id",
    ids.map((id) => users.get(id)).filter((r): r is UserRow => r != null),
  );
}

export const usersProjection: Projection = {
  name: "users",
  // 2: previous_rejection_at, a re-application's earlier rejection (decisions/040).
  version: 2,
  tables: ["users"],
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map(userIdOf).filter((id) => id !== undefined));
    const pending = events.some((e) => e.type === "AccessRequested" || e.type === "UserApproved" || e.type === "AccessRejected");
    return ids.size === 0 ? [] : ["users", ...(pending ? ["users:pending"] : []), "me", ...[...ids].map((id) => `user:${id}`)];
  },
};
