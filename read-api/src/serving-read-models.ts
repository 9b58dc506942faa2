import { ServiceUnavailableError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import type { CheckpointWatcher } from "./checkpoint-watcher.ts";

/** What a reader needs of a read model: the oldest version of its tables that its queries can read. */
export interface ReadModelNeed {
  name: string;
  readableFrom: number;
}

/** Seconds a browser or client is asked to wait: start-up rebuilds take from seconds to about a minute. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The database as read routes see it (decisions/030): each query first checks that every read
 * model they need is served by tables their queries were written for. After an upgrade a bumped
 * read model is rebuilt in the background while its old tables keep serving; until the swap, a
 * read that cannot use the old tables answers 503 with Retry-After instead of failing on a
 * missing column as a 500. The check is a lookup in the watcher's memory; only a read model that
 * looks unready makes it ask the checkpoints again (a swap's notice may have been lost).
 */
export function servingReadModels(
  db: Queryable,
  watcher: Pick<CheckpointWatcher, "servingVersion" | "current">,
  needs: readonly ReadModelNeed[],
): Queryable {
  const unready = () => needs.find(({ name, readableFrom }) => (watcher.servingVersion(name) ?? 0) < readableFrom);
  const checked = async () => {
    await watcher.current();
    const need = unready();
    if (!need) return;
    const serving = watcher.servingVersion(need.name);
    const what =
      serving === undefined
        ? "being built"
        : `being rebuilt for this version of the app (v${serving} serves, v${need.readableFrom} or later is needed)`;
    throw new ServiceUnavailableError(`The ${need.name} read model is ${what}; try again in a few seconds.`, RETRY_AFTER_SECONDS);
  };
  return {
    query(sql, params) {
      return unready() ? checked().then(() => db.query(sql, params)) : db.query(sql, params);
    },
    exec(sql) {
      return unready() ? checked().then(() => db.exec(sql)) : db.exec(sql);
    },
  };
}
