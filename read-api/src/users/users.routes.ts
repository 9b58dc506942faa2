import { z } from "zod";
import { PendingUser, TeamMember, User } from "@crm/contracts/user/user";
import { accountRepository } from "@crm/infra/auth/accounts";
import type { Queryable } from "@crm/infra/db/database";
import { APPROVED, PARTNER } from "@crm/infra/http/access-policy";
import { routeGroup, type RouteBuilder } from "@crm/infra/http/route";
import { listApprovedUsers, listPendingUsers, listTeam } from "./users.queries.ts";

/**
 * Every member of the team with when they last signed in. The users read model and the identity
 * tables (accounts) live in the same database in every deployment mode (one DATABASE_URL, or the one
 * PGlite; KurrentDB only ever holds the events), but they have different owners, so this asks each
 * its own question: the read model for the people, the account repository for their last sign-ins.
 */
async function teamOf(db: Queryable): Promise<TeamMember[]> {
  const members = await listTeam(db);
  const signIns = await accountRepository(db).lastSignIns(members.map((m) => m.id));
  return members.map((m) => ({
    ...m,
    lastSignInAt: signIns.get(m.id) ?? null,
    inviteExpiresAt: m.status === "invited" ? m.inviteExpiresAt : null,
  }));
}

/** GET /api/users, /api/users/creative-directors, /api/users/pending and /api/users/team from the users read model. */
export const userReadRoutes = routeGroup((route: RouteBuilder<{ db: Queryable }>) => [
  route({
    method: "GET",
    path: "/api/users",
    allow: APPROVED,
    tag: "users",
    summary: "Active staff",
    responses: { 200: z.array(User) },
    handle: async ({ res }, { db }) => void res.json(await listApprovedUsers(db)),
  }),
  route({
    method: "GET",
    path: "/api/users/creative-directors",
    allow: APPROVED,
    tag: "users",
    summary: "Active Creative Directors",
    responses: { 200: z.array(User) },
    handle: async ({ res }, { db }) => void res.json(await listApprovedUsers(db, "Creative Director")),
  }),
  route({
    method: "GET",
    path: "/api/users/pending",
    allow: PARTNER,
    tag: "users",
    summary: "Access requests waiting for approval",
    cache: "no-store",
    responses: { 200: z.array(PendingUser) },
    handle: async ({ res }, { db }) => void res.json(await listPendingUsers(db)),
  }),
  route({
    method: "GET",
    path: "/api/users/team",
    allow: PARTNER,
    tag: "users",
    summary: "Everyone on the team: invited, pending, active and deactivated, with their last sign-in",
    cache: "no-store",
    responses: { 200: z.array(TeamMember) },
    handle: async ({ res }, { db }) => void res.json(await teamOf(db)),
  }),
]);
