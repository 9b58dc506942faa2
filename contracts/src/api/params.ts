import { z } from "zod";

/** The `:id` of a route's path, a UUID; `what` names the entity in the 400 ("Lead ids are UUIDs"). */
export const idParam = (what: "Lead" | "Meeting" | "User" | "File" | "Task" | "Submission") =>
  z.object({ id: z.uuid(`${what} ids are UUIDs`) });

export const LeadIdParam = idParam("Lead");
