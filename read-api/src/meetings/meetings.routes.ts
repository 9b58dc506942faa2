import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import { idParam } from "@crm/contracts/api/params";
import { Meeting } from "@crm/contracts/meeting/meeting";
import type { Queryable } from "@crm/infra/db/database";
import { STAFF } from "@crm/infra/http/access-policy";
import { routeGroup } from "@crm/infra/http/route";
import { getMeeting, meetingsOfLead, upcomingMeetings } from "./meetings.queries.ts";

const ListQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export interface MeetingReadDeps {
  db: Queryable;
  now?: () => Date;
}

/** GET /api/meetings?leadId= (a lead's meetings; without it, upcoming ones) and /api/meetings/:id. */
export const meetingReadRoutes = routeGroup(
  ({ db, now = () => new Date() }: MeetingReadDeps) => ({ db, now }),
  (route) => [
    route({
      method: "GET",
      path: "/api/meetings",
      allow: STAFF,
      tag: "meetings",
      summary: "Meetings",
      query: ListQuery,
      responses: { 200: z.array(Meeting) },
      handle: async ({ res, query: { leadId, limit } }, { db, now }) =>
        void res.json(leadId ? await meetingsOfLead(db, leadId) : await upcomingMeetings(db, now().toISOString(), limit)),
    }),
    route({
      method: "GET",
      path: "/api/meetings/:id",
      allow: STAFF,
      tag: "meetings",
      summary: "One meeting",
      params: idParam("Meeting"),
      responses: { 200: Meeting },
      handle: async ({ res, params: { id } }, { db }) => {
        const meeting = await getMeeting(db, id);
        if (!meeting) throw new NotFoundError("Meeting");
        res.setHeader("ETag", `"${meeting.version}"`).json(meeting);
      },
    }),
  ],
);
