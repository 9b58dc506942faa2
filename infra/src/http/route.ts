import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from "express";
import type { z } from "zod";
import { ApiError } from "@crm/contracts/api/errors";
import { withAuditor, type AccessRule, type Audience } from "./access-policy.ts";
import { storableTextOnly } from "./storable-text.ts";
import { parseOr400 } from "./validate.ts";

/**
 * Each HTTP route is declared once, next to its handler (docs/decisions/045-routes-declared-once.md):
 * method, path, who may call it, what it takes and what it answers. The access policy, the OpenAPI
 * document and the Express registration are all derived from these declarations.
 */
export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/**
 * What a route answers with one status: a JSON contract, another media type, a redirect, no body, or a
 * problem (a status outside 4XX that the route may answer, such as a 502 when the mail server refused).
 * Contracts are any zod schema, classic or zod/mini (answers are mini so the browser parses them cheaply).
 */
export type Answer = z.core.$ZodType | { mediaType: string } | "redirect" | "empty" | "problem";

type Schema = z.core.$ZodType | undefined;
type Parsed<S extends Schema> = S extends z.core.$ZodType ? z.output<S> : undefined;

/** One call of a route: the request, the response and the inputs its schemas parsed. */
export interface RouteCall<P extends Schema, Q extends Schema, B extends Schema> {
  req: Request;
  res: Response;
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/** What the access policy and the OpenAPI document read of a route: everything but its handler. */
export interface RouteDeclaration {
  method: Method;
  /** Express syntax: ":id" is one path segment. */
  path: `/api/${string}`;
  /** Who passes the gate (docs/product.md, "Roles"); finer, data-dependent rules stay in the handler. */
  allow: readonly Audience[];
  tag: string;
  summary: string;
  params?: z.core.$ZodObject;
  query?: z.core.$ZodObject;
  body?: z.core.$ZodType;
  /** Each status it answers and what it carries (problems, 4XX and 503, are documented for every route). */
  responses: Readonly<Record<number, Answer>>;
  /** The shape of this route's problems when it adds to RFC 9457's (the public questionnaire's `error`). */
  problem?: z.core.$ZodType;
  /**
   * A read no cache may keep, not even the browser's (a session's account, what a capability link opens,
   * credentials, probes): `no-store`. Every other read is `private, no-cache` (server/src/api-delivery.ts).
   */
  cache?: "no-store";
  /** The JSON body's limit (default 1 MB); "stream" leaves the raw body to the handler (an upload). */
  bodyLimit?: string | "stream";
}

export interface RouteSpec<Ctx, P extends Schema, Q extends Schema, B extends Schema> extends RouteDeclaration {
  params?: P & z.core.$ZodObject;
  query?: Q & z.core.$ZodObject;
  body?: B;
  /** Steps before the body is read (a rate limit that must refuse before reading 64 KB). */
  before?: (ctx: Ctx) => RequestHandler[];
  /** A check after the body is read and before its schema (a sign-in counted per the email it names, valid or not). */
  admit?: (req: Request, ctx: Ctx) => void | Promise<void>;
  handle(call: RouteCall<P, Q, B>, ctx: Ctx): unknown;
}

/** A declared route with its handler, its input types erased. */
export type Route<Ctx> = RouteSpec<Ctx, Schema, Schema, Schema>;

/** Declares one route; the inputs' types come from its schemas. */
export type RouteBuilder<Ctx> = <P extends Schema = undefined, Q extends Schema = undefined, B extends Schema = undefined>(
  spec: RouteSpec<Ctx, P, Q, B>,
) => Route<Ctx>;

/**
 * A service's routes for one area: call it with its dependencies for the Express router that serves
 * them; read `.routes` (no dependencies needed) for the declarations the policy and OpenAPI derive from.
 */
export interface RouteGroup<Deps> {
  (deps: Deps): Router;
  readonly routes: readonly RouteDeclaration[];
}

interface GroupOptions<Ctx> {
  /** A problem handler for this group's routes only (the public questionnaire answers in its own words). */
  errors?: (ctx: Ctx) => ErrorRequestHandler;
}

/** The access policy: each declared route's method, path and audiences. */
export const accessPolicyOf = (routes: readonly RouteDeclaration[]): AccessRule[] =>
  routes.map(({ method, path, allow }) => ({ method, path, allow }));

const BODY_METHODS = new Set<Method>(["POST", "PUT", "PATCH", "DELETE"]);

/** Bodies are JSON: anything else with a body is refused before it is read. */
const jsonOnly: RequestHandler = (req, _res, next) => {
  const hasBody = Number(req.get("content-length") ?? 0) > 0 || req.get("transfer-encoding") !== undefined;
  if (hasBody && !req.is("application/json"))
    return next(new ApiError(415, "Unsupported media type", "Send the body as application/json."));
  next();
};

function bodySteps(route: Route<never>): RequestHandler[] {
  if (!BODY_METHODS.has(route.method) || route.bodyLimit === "stream") return [];
  return [jsonOnly, express.json({ limit: route.bodyLimit ?? "1mb", strict: true, type: "application/json" }), storableTextOnly];
}

/** Parses what the route declares (a 400 naming each bad field) and calls its handler. */
function handlerOf<Ctx>(route: Route<Ctx>, ctx: Ctx): RequestHandler {
  return async (req, res) => {
    await route.admit?.(req, ctx);
    const params = route.params ? parseOr400(route.params, req.params, "params") : undefined;
    const query = route.query ? parseOr400(route.query, req.query, "query") : undefined;
    const body = route.body ? parseOr400(route.body, req.body ?? {}) : undefined;
    await route.handle({ req, res, params, query, body }, ctx);
  };
}

const register = (router: Router, method: Method, path: string, steps: RequestHandler[]) =>
  router.route(path)[method.toLowerCase() as Lowercase<Method>](...steps);

/** What the policy and the OpenAPI document read: the declaration, its audience with the Auditor's rule applied. */
const declarationOf = <Ctx>({ handle: _handle, before: _before, admit: _admit, ...declaration }: Route<Ctx>): RouteDeclaration => ({
  ...declaration,
  allow: withAuditor(declaration.method, declaration.allow),
});

/**
 * A group of routes. With `setup`, the dependencies are turned once, when the group is mounted, into
 * what the handlers share (caches, limiters, lookups).
 */
export function routeGroup<Deps>(routes: (route: RouteBuilder<Deps>) => Route<Deps>[], options?: GroupOptions<Deps>): RouteGroup<Deps>;
export function routeGroup<Deps, Ctx>(
  setup: (deps: Deps) => Ctx,
  routes: (route: RouteBuilder<Ctx>) => Route<Ctx>[],
  options?: GroupOptions<Ctx>,
): RouteGroup<Deps>;
export function routeGroup<Deps, Ctx>(
  ...args:
    | [(route: RouteBuilder<Ctx>) => Route<Ctx>[], GroupOptions<Ctx>?]
    | [(deps: Deps) => Ctx, (route: RouteBuilder<Ctx>) => Route<Ctx>[], GroupOptions<Ctx>?]
): RouteGroup<Deps> {
  const [setup, build, options] =
    typeof args[1] === "function"
      ? (args as [(deps: Deps) => Ctx, (route: RouteBuilder<Ctx>) => Route<Ctx>[], GroupOptions<Ctx>?])
      : [
          (deps: Deps) => deps as unknown as Ctx,
          args[0] as (route: RouteBuilder<Ctx>) => Route<Ctx>[],
          args[1] as GroupOptions<Ctx> | undefined,
        ];
  const routes = build((spec) => spec as unknown as Route<Ctx>);
  const mount = (deps: Deps): Router => {
    const ctx = setup(deps);
    const router = Router();
    for (const route of routes) {
      register(router, route.method, route.path, [
        ...(route.before?.(ctx) ?? []),
        ...bodySteps(route as Route<never>),
        handlerOf(route, ctx),
      ]);
    }
    if (options?.errors) router.use(options.errors(ctx));
    return router;
  };
  return Object.assign(mount, { routes: routes.map(declarationOf) });
}
