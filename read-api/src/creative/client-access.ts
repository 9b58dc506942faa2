import type { Request } from "express";
import { ForbiddenError, NotFoundError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import { directorOfLead } from "./creative.queries.ts";

/** What a Creative Director is told about a lead that is not their client (as the creative commands say it). */
export const NOT_YOUR_CLIENT = "This client is assigned to another creative director.";

/** The reader's id when a Creative Director reads (their reads are cut to their own clients), else null. */
export const directorReading = (req: Request): string | null => (req.user?.role === "Creative Director" ? req.user.id : null);

/**
 * A read of one lead's data (docs/product.md, "Roles"): Partners and Project Managers read every
 * lead; a Creative Director only a lead whose director they are now (the leads read model), else
 * 403, also for a lead with no director; a lead the read model does not know (never was, archived,
 * erased) is a 404 to them, so nothing left of a lead outside the read model reaches them. Staff
 * pass without a query. `db` must serve the leads read model.
 */
export async function requireOwnClient(db: Queryable, req: Request, leadId: string): Promise<void> {
  const directorId = directorReading(req);
  if (directorId === null) return;
  const director = await directorOfLead(db, leadId);
  if (director === undefined) throw new NotFoundError("Lead");
  if (director !== directorId) throw new ForbiddenError(NOT_YOUR_CLIENT);
}
