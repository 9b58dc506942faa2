import type { RecordedEvent } from "@crm/contracts/events/registry";
import { userIdOfStream } from "@crm/contracts/user/stream";
import { USERS_TABLES, users, type UserRow } from "@crm/contracts/read-models/users";
import { createTableSql, sqlTypes } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";
import type { Projection } from "../projection.ts";
import { upsertRows } from "../sql.ts";

const COLUMNS = sqlTypes(users);

const DDL = createTableSql(users);

/** The API lists pending requests and active staff by role; the team list reads every row; the handlers look users up by id. */
const READER_INDEXES = `
  CREATE INDEX users_pending ON users (requested_at) WHERE status = 'pending';
  CREATE INDEX users_role ON users (role, display_name) WHERE status = 'active';
`;

/** A new row: an access request or an invitation, not yet let in. */
function newRow(d: { userId: string; email: string; displayName: string; role: UserRow["role"] }, at: string): UserRow {
  return {
    id: d.userId,
    email: d.email,
    display_name: d.displayName,
    role: d.role,
    approved: false,
    status: "pending",
    requested_at: at,
    approved_at: null,
    approved_by: null,
    previous_rejection_at: null,
    invited_by: null,
    invite_expires_at: null,
  };
}

/** The events of an account that already exists (approved, accepted): null rows stay null. */
function applyToAccount(row: UserRow, event: RecordedEvent): UserRow {
  switch (event.type) {
    case "UserRoleChanged":
      return { ...row, role: event.data.to };
    case "UserDeactivated":
      return row.approved ? { ...row, status: "deactivated" } : row;
    case "UserReactivated":
      return row.approved ? { ...row, status: "active" } : row;
    case "UserProfileChanged":
      return event.data.displayName === undefined ? row : { ...row, display_name: event.data.displayName };
    default:
      return row;
  }
}

/** The row after one event; null when it is gone (a rejected request, a withdrawn invitation). */
function applyEvent(row: UserRow | null, event: RecordedEvent): UserRow | null {
  const at = event.metadata.at;
  switch (event.type) {
    case "AccessRequested":
      return { ...newRow(event.data, at), previous_rejection_at: event.data.previousRejectionAt ?? null };
    case "UserInvited":
      return { ...newRow(event.data, at), status: "invited", invited_by: event.data.invitedBy, invite_expires_at: event.data.expiresAt };
    case "UserApproved":
      return row && { ...row, approved: true, status: "active", approved_at: at, approved_by: event.data.approvedBy };
    case "InvitationRenewed":
      return row && row.status === "invited" ? { ...row, invite_expires_at: event.data.expiresAt } : row;
    case "InvitationAccepted":
      return (
        row && {
          ...row,
          display_name: event.data.displayName,
          approved: true,
          status: "active",
          approved_at: at,
          approved_by: row.invited_by,
          invite_expires_at: null,
        }
      );
    case "AccessRejected":
    case "InvitationRevoked":
      return null;
    default:
      return row && applyToAccount(row, event);
  }
}

/** The events that add a row to, or take one from, the pending list. */
const PENDING_EVENTS = new Set(["AccessRequested", "UserApproved", "AccessRejected"]);

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
  // 3: status, invited_by and invite_expires_at: invitations and deactivated accounts (docs/product.md, "Team").
  version: 3,
  tables: USERS_TABLES.map((t) => t.name),
  ddl: DDL,
  readerIndexes: READER_INDEXES,
  apply,
  topics(events) {
    const ids = new Set(events.map(userIdOf).filter((id) => id !== undefined));
    const pending = events.some((e) => PENDING_EVENTS.has(e.type));
    return ids.size === 0 ? [] : ["users", ...(pending ? ["users:pending"] : []), "me", ...[...ids].map((id) => `user:${id}`)];
  },
};
