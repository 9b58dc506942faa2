import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { AssignInboundBody, InboundAssignedAnswer } from "@crm/contracts/inbound/answers";
import type { Queryable } from "@crm/infra/db/database";
import type { EventStore } from "@crm/infra/event-store/event-store";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { handleCommand } from "../core/command-handler.ts";
import { commandOptions, type CommandDeps } from "../core/command-context.ts";
import { loadOpenLead } from "../messaging/load-lead.ts";
import { inboundDecider } from "./assign.decider.ts";
import { inboundStreamOf } from "./inbound-lookup.ts";

export interface InboundCommandDeps extends CommandDeps {
  store: EventStore;
  db: Queryable;
}

const MessageIdParam = z.object({ id: z.uuid("Message ids are UUIDs") });

/** POST /api/inbox/:id/assign: a colleague puts an unmatched message on its lead (docs/product.md, "Replies"). */
export const inboundCommandRoutes = routeGroup((route: RouteBuilder<InboundCommandDeps>) => [
  route({
    method: "POST",
    path: "/api/inbox/:id/assign",
    allow: STAFF,
    tag: "replies",
    summary: "Put an unmatched message on a lead's timeline",
    params: MessageIdParam,
    body: AssignInboundBody,
    responses: { 200: InboundAssignedAnswer },
    handle: async ({ req, res, params: { id }, body: { leadId } }, deps) => {
      const streamId = await inboundStreamOf(deps.db, id);
      if (!streamId) throw new NotFoundError("Message");
      await loadOpenLead(deps.store, leadId); // 404 unknown or archived, 409 erased
      const outcome = await handleCommand(
        deps.store,
        streamId,
        inboundDecider,
        { type: "AssignInbound", inboundId: id, leadId },
        commandOptions(req, deps),
      );
      const body: InboundAssignedAnswer = { id, leadId, version: outcome.version, position: outcome.position };
      res.json(body);
    },
  }),
]);
