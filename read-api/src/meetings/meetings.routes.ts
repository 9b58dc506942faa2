import { z } from "zod";
import { ForbiddenError, NotFoundError } from "@crm/contracts/api/errors";
import { idParam } from "@crm/contracts/api/params";
import { Meeting } from "@crm/contracts/meeting/meeting";
import type { Queryable } from "@crm/infra/db/database";
import { CLIENT_READERS } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { directorReading, NOT_YOUR_CLIENT, requireOwnClient } from "../creative/client-access.ts";
import { getMeeting, getMeetingForDirector, meetingsOfLead, upcomingMeetings } from "./meetings.queries.ts";

const ListQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface MeetingReadDeps {
  db: Queryable;
  /** The database as a Creative Director's reads use it, which also needs the leads (default: db). */
  scoped?: Queryable;
  now?: () => Date;
}

/**
 * GET /api/meetings?leadId= (a lead's meetings; without it, upcoming ones) and /api/meetings/:id. A
 * Creative Director reads only their own clients' meetings (docs/product.md, "Roles"): another
 * lead's by id is a 403, and their upcoming meetings are their clients' only.
 */
export const meetingReadRoutes = routeGroup(
  ({ db, scoped = db, now = () => new Date() }: MeetingReadDeps) => ({ db, scoped, now }),
  (route) => [
    route({
      method: "GET",
      path: "/api/meetings",
      allow: CLIENT_READERS,
      tag: "meetings",
      summary: "Meetings (a Creative Director's: their own clients')",
      query: ListQuery,
      responses: { 200: z.array(Meeting) },
      handle: async ({ req, res, query: { leadId, limit } }, { db, scoped, now }) => {
        const director = directorReading(req);
        const from = director === null ? db : scoped;
        if (leadId) await requireOwnClient(from, req, leadId);
        res.json(
          leadId ? await meetingsOfLead(from, leadId) : await upcomingMeetings(from, now().toISOString(), limit, director ?? undefined),
        );
      },
    }),
    route({
      method: "GET",
      path: "/api/meetings/:id",
      allow: CLIENT_READERS,
      tag: "meetings",
      summary: "One meeting (a Creative Director's own clients' only)",
      params: idParam("Meeting"),
      responses: { 200: Meeting },
      handle: async ({ req, res, params: { id } }, { db, scoped }) => {
        const director = directorReading(req);
        const found =
          director === null
            ? await getMeeting(db, id).then((meeting) => meeting && { meeting, theirs: true })
            : await getMeetingForDirector(scoped, id, director);
        if (!found) throw new NotFoundError("Meeting");
        if (!found.theirs) throw new ForbiddenError(NOT_YOUR_CLIENT);
        res.setHeader("ETag", `"${found.meeting.version}"`).json(found.meeting);
      },
    }),
  ],
);
