import type { Request, RequestHandler, Response } from "express";
import { auditorStreamId } from "@crm/contracts/audit/events";
import type { EventMetadata } from "@crm/contracts/events/registry";
import type { EventStore } from "@crm/infra/event-store/event-store";
import type { Logger } from "@crm/infra/log/logger";
import { requestIdOf } from "@crm/infra/log/request-id";
import { loggedPath } from "./observability.ts";

export interface AuditorReadsDeps {
  store: EventStore;
  now: () => Date;
  newId: () => string;
  log: Logger;
  /** Counts a read whose record could not be appended. */
  unrecorded: () => void;
}

const READS = new Set(["GET", "HEAD"]);
const isApi = (path: string) => /^\/api(\/|$)/i.test(path);

/** Query parameters that may carry a secret (an OIDC callback's code and state, a token): their values are left out. */
const SECRET_QUERY = /^(code|state|session_state|token|id_token|access_token)$/i;

/** The query string as sent, without "?", each secret parameter's value replaced by "[secret]". */
export function keptQuery(url: string): string {
  const at = url.indexOf("?");
  if (at < 0) return "";
  return url
    .slice(at + 1)
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = eq < 0 ? pair : pair.slice(0, eq);
      return eq >= 0 && SECRET_QUERY.test(decodeURIComponentSafe(name)) ? `${name}=[secret]` : pair;
    })
    .join("&");
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, " "));
  } catch {
    return text;
  }
}

async function record(deps: AuditorReadsDeps, req: Request, res: Response, actor: string) {
  const url = req.originalUrl ?? req.url;
  const commandId = deps.newId();
  const metadata: EventMetadata = { actor, at: deps.now().toISOString(), commandId, correlationId: requestIdOf(req) || commandId };
  const data = {
    method: req.method as "GET" | "HEAD",
    path: loggedPath(url.split("?", 1)[0]!),
    query: keptQuery(url),
    status: res.statusCode,
  };
  await deps.store.append(auditorStreamId(actor), "any", [{ type: "AuditorReadRecorded", data }], { commandId, metadata });
}

/**
 * Every read an Auditor makes through the API, of any status, appended to the log as their action
 * (docs/product.md, "Roles"): once the answer is done (the response closes; the live stream never
 * finishes, it closes), so a read is never delayed by its record nor failed by it. A failed append
 * is logged and counted. Mounted before the access gate, so a read the gate refuses is recorded too;
 * whether the caller is an Auditor is known once the gate has run (req.audience).
 */
export function recordAuditorReads(deps: AuditorReadsDeps): RequestHandler {
  return (req, res, next) => {
    if (READS.has(req.method) && isApi(req.path))
      res.once("close", () => {
        if (req.audience !== "Auditor" || !req.actor) return;
        record(deps, req, res, req.actor).catch((error: unknown) => {
          deps.unrecorded();
          deps.log.error({ err: error, requestId: requestIdOf(req) }, "an Auditor's read could not be recorded");
        });
      });
    next();
  };
}
