import { users } from "@crm/contracts/read-models/users";
import type { Database } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { loadUserState } from "./user-state.ts";

/**
 * The agency keeps at least one active Partner (docs/product.md, "Team"). A command that can take a
 * Partner out of the active Partners (a role change, a deactivation) carries how many OTHER active
 * Partners there are, and the decider refuses it with LAST_PARTNER when there is none.
 *
 * Counting and deciding must not interleave: two Partners demoting each other at once would each
 * count the other and both succeed. So every such command runs under one lock, from the count to
 * its append:
 * - in this process, a promise chain (one waiter at a time, so at most one database connection ever
 *   waits for the lock below: a burst of demotions cannot exhaust the pool);
 * - across processes, on Postgres, a transaction-scoped advisory lock held on one connection while
 *   the count and the append run on others; it is released when that transaction ends, also when
 *   the process dies. PGlite is embedded: one process only, so the chain is enough.
 * The appends land in the event store (Postgres or KurrentDB) before the lock is released, so the
 * next holder's count reads them. A guard stream with a marker event was considered: a marker
 * appended before the change lets the next command count before that change has landed, and one
 * appended after it comes too late to stop it; the lock needs no new event type and leaves no
 * noise in the log.
 *
 * Partners are counted from the users read model's candidates, each confirmed by folding its own
 * stream (always current). A Partner promoted a moment ago may not be a candidate yet: that can only
 * undercount, so before refusing, the count waits (briefly) for the read model to catch up and asks again.
 */

const LOCK_KEY = "partner-roster";
/** How long a refusal waits for the users read model to reach the head of the log. */
const CATCH_UP_MS = 2_000;

export interface PartnerDeps {
  db: Database;
  store: EventStore;
}

/** The tail of each database's in-process queue of Partner-removing commands. */
const queues = new WeakMap<Database, Promise<unknown>>();

/** Runs fn alone among the Partner-removing commands of every process that shares the database. */
export function withPartnerLock<T>(db: Database, fn: () => Promise<T>): Promise<T> {
  const locked = () =>
    db.kind === "postgres"
      ? db.transaction(async (tx) => {
          await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [LOCK_KEY]);
          return fn();
        })
      : fn();
  const run = (queues.get(db) ?? Promise.resolve()).then(locked);
  queues.set(
    db,
    run.catch(() => undefined),
  ); // the next one waits for this one, whatever its outcome
  return run;
}

async function usersTableExists(db: Database): Promise<boolean> {
  const { rows } = await db.query<{ found: boolean }>("SELECT to_regclass($1) IS NOT NULL AS found", [`public.${users.name}`]);
  return rows[0]?.found === true;
}

/** Partners other than userId whose own streams say they are active Partners. */
async function countOthers(deps: PartnerDeps, userId: string): Promise<number> {
  if (!(await usersTableExists(deps.db))) return 0;
  const { rows } = await deps.db.query<{ id: string }>(`SELECT id FROM public.${users} WHERE role = 'Partner' AND id <> $1::uuid`, [
    userId,
  ]);
  const states = await Promise.all(rows.map((row) => loadUserState(deps.store, row.id)));
  return states.filter((s) => s.status === "approved" && !s.deactivated && s.role === "Partner").length;
}

/** Waits, at most CATCH_UP_MS, for the users read model to reach the head of the log. */
async function catchUp(deps: PartnerDeps) {
  const head = await deps.store.currentPosition();
  const deadline = Date.now() + CATCH_UP_MS;
  while (Date.now() < deadline) {
    const { rows } = await deps.db.query<{ position: string }>("SELECT position FROM public.projection_checkpoints WHERE name = 'users'");
    if (!rows[0] || rows[0].position >= head) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** How many active Partners there are besides userId; call it under withPartnerLock. */
export async function otherActivePartners(deps: PartnerDeps, userId: string): Promise<number> {
  const count = await countOthers(deps, userId);
  if (count > 0) return count;
  await catchUp(deps); // only a refusal might be stale: ask again once the read model is current
  return countOthers(deps, userId);
}
