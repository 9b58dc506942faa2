import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { LeadIdParam } from "@crm/contracts/api/params";
import { ConversationEntry, InboxMessage } from "@crm/contracts/inbound/answers";
import type { Queryable } from "@crm/infra/db/database";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { pipeline } from "node:stream/promises";
import { conversationOfLead, inboundAttachment, unmatchedMessages } from "./inbound.queries.ts";

const InboxQuery = z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) });
const AttachmentParams = z.object({ id: z.uuid("Message ids are UUIDs"), fileId: z.uuid("File ids are UUIDs") });

export interface InboundReadDeps {
  db: Queryable;
  storage: FileStorage;
  /** The agency's sending address: the From of what we sent, in a conversation. */
  mailFrom: string;
}

/** RFC 6266 filename: an ASCII fallback plus the exact name, so no header can be injected. */
const disposition = (name: string) =>
  `attachment; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/**
 * GET /api/inbox (the unmatched messages), /api/leads/:id/conversation (a lead's thread, both
 * directions) and an inbound message's files (docs/product.md, "Replies"). Staff only: a Creative
 * Director sees no mail.
 */
export const inboundReadRoutes = routeGroup((route: RouteBuilder<InboundReadDeps>) => [
  route({
    method: "GET",
    path: "/api/inbox",
    allow: STAFF,
    tag: "replies",
    summary: "Messages that matched no lead, newest first",
    query: InboxQuery,
    responses: { 200: z.array(InboxMessage) },
    handle: async ({ res, query: { limit } }, { db }) => void res.json(await unmatchedMessages(db, limit)),
  }),
  route({
    method: "GET",
    path: "/api/leads/:id/conversation",
    allow: STAFF,
    tag: "replies",
    summary: "The lead's mail thread in time order: what we sent and what came in",
    params: LeadIdParam,
    responses: { 200: z.array(ConversationEntry) },
    handle: async ({ res, params: { id } }, { db, mailFrom }) => void res.json(await conversationOfLead(db, id, mailFrom)),
  }),
  route({
    method: "GET",
    path: "/api/inbound/:id/attachments/:fileId",
    allow: STAFF,
    tag: "replies",
    summary: "A file that came with an inbound message, as an attachment",
    cache: "no-store",
    params: AttachmentParams,
    responses: { 200: { mediaType: "*/*" } },
    handle: async ({ res, params: { id, fileId } }, { db, storage }) => {
      const file = await inboundAttachment(db, id, fileId);
      if (!file) throw new NotFoundError("File");
      const object = await storage.get(file.key);
      if (!object) throw new NotFoundError("The stored file");
      res.set({
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": disposition(file.name),
        // A file a stranger sent must not run scripts with our origin's cookies.
        "Content-Security-Policy": "default-src 'none'; sandbox",
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, no-store",
      });
      await pipeline(object.stream, res);
    },
  }),
]);
