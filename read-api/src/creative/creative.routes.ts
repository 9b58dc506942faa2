import { Router, type Request } from "express";
import { z } from "zod";
import { ForbiddenError, NotFoundError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import type { FileStorage } from "@crm/infra/storage/file-storage";
import { pipeline } from "node:stream/promises";
import { directorOfLead, findFile, listClients, listSubmissions, listTasks, type Scope } from "./creative.queries.ts";

const ListQuery = z.object({ leadId: z.uuid("Lead ids are UUIDs").optional() });
const FileParams = z.object({ id: z.uuid("File ids are UUIDs") });
const FileQuery = z.object({ download: z.enum(["0", "1"]).optional() });

/** A Creative Director reads only their own clients (docs/product.md, "Roles"); everyone else the policy lets in reads all. */
const directorOf = (req: Request) => (req.user?.role === "Creative Director" ? req.user.id : null);

/** The scope of a list; asking for another director's client by id is a 403, never their data. */
async function scopeOf(db: Queryable, req: Request): Promise<Scope> {
  const { leadId } = parseOr400(ListQuery, req.query, "query");
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
export function creativeReadRoutes({ db, storage }: { db: Queryable; storage: FileStorage }): Router {
  const router = Router();
  router.get("/api/content-submissions", async (req, res) => {
    res.json(await listSubmissions(db, await scopeOf(db, req)));
  });
  router.get("/api/creative-tasks", async (req, res) => {
    res.json(await listTasks(db, await scopeOf(db, req)));
  });
  router.get("/api/creative/clients", async (req, res) => {
    res.json(await listClients(db, directorOf(req)));
  });

  /** The bytes, only through the API, only to staff who may see the lead; never a public bucket URL. */
  router.get("/api/files/:id", async (req, res) => {
    const { id } = parseOr400(FileParams, req.params, "id");
    const { download } = parseOr400(FileQuery, req.query, "query");
    const file = await findFile(db, id);
    if (!file) throw new NotFoundError("File");
    const directorId = directorOf(req);
    if (directorId && file.directorId !== directorId) throw new ForbiddenError("This file belongs to another creative director's client.");
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
  });
  return router;
}
