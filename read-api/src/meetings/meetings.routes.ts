import { Router } from "express";
import { z } from "zod";
import { NotFoundError } from "@crm/contracts/api/errors";
import type { Queryable } from "@crm/infra/db/database";
import { parseOr400 } from "@crm/infra/http/validate";
import { getMeeting, meetingsOfLead, upcomingMeetings } from "./meetings.queries.ts";

const ListQuery = z.object({
  leadId: z.uuid("Lead ids are UUIDs").optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
const MeetingId = z.object({ id: z.uuid("Meeting ids are UUIDs") });

/** GET /api/meetings?leadId= (a lead's meetings; without it, upcoming ones) and /api/meetings/:id. */
export function meetingReadRoutes({ db, now = () => new Date() }: { db: Queryable; now?: () => Date }): Router {
  const router = Router();
  router.get("/api/meetings", async (req, res) => {
    const { leadId, limit } = parseOr400(ListQuery, req.query, "query");
    res.json(leadId ? await meetingsOfLead(db, leadId) : await upcomingMeetings(db, now().toISOString(), limit));
  });
  router.get("/api/meetings/:id", async (req, res) => {
    const { id } = parseOr400(MeetingId, req.params, "id");
    const meeting = await getMeeting(db, id);
    if (!meeting) throw new NotFoundError("Meeting");
    res.setHeader("ETag", `"${meeting.version}"`).json(meeting);
  });
  return router;
}
