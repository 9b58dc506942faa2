import { z } from "zod";
import { PendingUser, User } from "@crm/contracts/user/user";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED, PARTNER } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { listApprovedUsers, listPendingUsers } from "./users.queries.ts";

/** GET /api/users, /api/users/creative-directors and /api/users/pending from the users read model. */
export const userReadRoutes = routeGroup((route: RouteBuilder<{ db: Queryable }>) => [
  route({
    method: "GET",
    path: "/api/users",
    allow: APPROVED,
    tag: "users",
    summary: "Approved staff",
    responses: { 200: z.array(User) },
    handle: async ({ res }, { db }) => void res.json(await listApprovedUsers(db)),
  }),
  route({
    method: "GET",
    path: "/api/users/creative-directors",
    allow: APPROVED,
    tag: "users",
    summary: "Approved Creative Directors",
    responses: { 200: z.array(User) },
    handle: async ({ res }, { db }) => void res.json(await listApprovedUsers(db, "Creative Director")),
  }),
  route({
    method: "GET",
    path: "/api/users/pending",
    allow: PARTNER,
    tag: "users",
    summary: "Access requests waiting for approval",
    responses: { 200: z.array(PendingUser) },
    handle: async ({ res }, { db }) => void res.setHeader("Cache-Control", "no-store").json(await listPendingUsers(db)),
  }),
]);
