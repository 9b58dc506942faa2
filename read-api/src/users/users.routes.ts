import { Router } from "express";
import type { Queryable } from "@crm/infra/db/database";
import { listApprovedUsers, listPendingUsers } from "./users.queries.ts";

/** GET /api/users, /api/users/creative-directors and /api/users/pending from the users read model. */
export function userReadRoutes({ db }: { db: Queryable }): Router {
  const router = Router();
  router.get("/api/users", async (_req, res) => {
    res.json(await listApprovedUsers(db));
  });
  router.get("/api/users/creative-directors", async (_req, res) => {
    res.json(await listApprovedUsers(db, "Creative Director"));
  });
  router.get("/api/users/pending", async (_req, res) => {
    res.setHeader("Cache-Control", "no-store").json(await listPendingUsers(db));
  });
  return router;
}
