import type { Request } from "express";
import { z } from "zod";
import { ForbiddenError, NotFoundError } from "@crm/contracts/api/errors";
import { idParam } from "@crm/contracts/api/params";
import { CreativeClient } from "@crm/contracts/creative/clients";
import { ContentSubmission } from "@crm/contracts/creative/submission";
import { CreativeTask } from "@crm/contracts/creative/task";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED, CREATIVE } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { pipeline } from "node:stream/promises";
import { directorOfLead, findFile, listClients, listSubmissions, listTasks, type Scope } from "./creative.queries.ts";

const ListQuery = z.object({ leadId: z.uuid("Lead ids are UUIDs").optional() });
const FileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

export interface CreativeReadDeps {
  db: Queryable;
  storage: FileStorage;
}

/** A Creative Director reads only their own clients (docs/product.md, "Roles"); everyone else the policy lets in reads all. */
const directorOf = (req: Request) => (req.user?.role === "Creative Director" ? req.user.id : null);

/** The scope of a list; asking for another director's client by id is a 403, never their data. */
async function scopeOf(db: Queryable, req: Request, leadId: string | undefined): Promise<Scope> {
  const directorId = directorOf(req);
  if (leadId && directorId) {
    const director = await directorOfLead(db, leadId);
    if (director !== undefined && director !== directorId)
      throw new ForbiddenError("This client is assigned to another creative director.");
  }
  return { leadId, directorId };
}

/** RFC 6266 filename: an ASCII fallback plus the exact name, so no header can be injected. */
const disposition = (kind: "inline" | "attachment", name: string) =>
  `${kind}; filename="${name.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(name)}`;

/** GET /api/content-submissions, /api/creative-tasks, /api/creative/clients and GET /api/files/:id. */
export const creativeReadRoutes = routeGroup((route: RouteBuilder<CreativeReadDeps>) => [
  route({
    method: "GET",
    path: "/api/content-submissions",
    allow: APPROVED,
    tag: "creative",
    summary: "Content submissions, newest first (?leadId= one client's; a Creative Director's: their own clients)",
    query: ListQuery,
    responses: { 200: z.array(ContentSubmission) },
    handle: async ({ req, res, query }, { db }) => void res.json(await listSubmissions(db, await scopeOf(db, req, query.leadId))),
  }),
  route({
    method: "GET",
    path: "/api/creative-tasks",
    allow: APPROVED,
    tag: "creative",
    summary: "Creative tasks, newest first (?leadId= one client's; a Creative Director's: their own clients)",
    query: ListQuery,
    responses: { 200: z.array(CreativeTask) },
    handle: async ({ req, res, query }, { db }) => void res.json(await listTasks(db, await scopeOf(db, req, query.leadId))),
  }),
  route({
    method: "GET",
    path: "/api/creative/clients",
    allow: CREATIVE,
    tag: "creative",
    summary: "Clients with a creative director, with the director's name (a Creative Director's: their own)",
    responses: { 200: z.array(CreativeClient) },
    handle: async ({ req, res }, { db }) => void res.json(await listClients(db, directorOf(req))),
  }),
  route({
    method: "GET",
    path: "/api/files/:id",
    allow: APPROVED,
    tag: "creative",
    summary: "A file's bytes, inline or as an attachment (?download=1); only through the API, only to staff who may see its lead",
    params: idParam("File"),
    query: FileQuery,
    responses: { 200: { mediaType: "*/*" }, 304: "empty" },
    handle: async ({ req, res, params: { id }, query: { download } }, { db, storage }) => {
      const file = await findFile(db, id);
      if (!file) throw new NotFoundError("File");
      const directorId = directorOf(req);
      if (directorId && file.directorId !== directorId)
        throw new ForbiddenError("This file belongs to another creative director's client.");
      if (req.get("if-none-match") === `"${file.checksum}"`) return void res.status(304).end();
      const object = await storage.get(file.key);
      if (!object) throw new NotFoundError("The stored file");
      res.set({
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": disposition(download === "1" ? "attachment" : "inline", file.name),
        // An SVG opened on its own must not run scripts with our origin's cookies.
        "Content-Security-Policy": "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
        "Cache-Control": "private, max-age=3600",
        ETag: `"${file.checksum}"`,
      });
      await pipeline(object.stream, res);
    },
  }),
]);
