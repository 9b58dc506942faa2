import { Router } from "express";
import { buildOpenApiDocument } from "./openapi.ts";

/** GET /api/openapi.json: built once, on first request. */
export function openApiRoutes(): Router {
  const router = Router();
  let document: string | undefined;
  router.get("/api/openapi.json", (_req, res) => {
    document ??= JSON.stringify(buildOpenApiDocument());
    res.type("application/json").send(document);
  });
  return router;
}
