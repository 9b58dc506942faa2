import { createServer, IncomingMessage, ServerResponse, type Server } from "node:http";
import type { Socket } from "node:net";
import type { Express } from "express";
import { fastPathDefaults } from "@crm/infra/config";

// node's IncomingMessage and ServerResponse are plain constructor functions, called on an object
// of a subtype as its base's constructor (node's own subclasses did so before classes).
const initRequest = IncomingMessage as unknown as (this: IncomingMessage, socket: Socket) => void;
const initResponse = ServerResponse as unknown as (this: ServerResponse, req: IncomingMessage, options?: object) => void;

/**
 * The HTTP server of an Express app, whose requests and responses are made with the app's own
 * prototypes (app.request, app.response) from the start. Express otherwise gives every request and
 * response node made a new prototype (Object.setPrototypeOf in app.handle), and an object whose
 * prototype changed after it was made leaves V8's fast property access: each read of it, in node's
 * HTTP code, Express's and ours, becomes a lookup. Made with them, Express's swap changes nothing.
 * An Express request took 134 µs of CPU before and 51 after (bench/express-prototypes.ts), and a
 * command a third less of the app's CPU (decisions/037).
 *
 * `expressPrototypes` is the switch of this fast path (FAST_EXPRESS_PROTOTYPES, decisions/043),
 * by default the process's setting: off, the server is node's plain one, as `app.listen` makes it.
 */
export function createHttpServer(app: Express, { expressPrototypes = fastPathDefaults().expressPrototypes } = {}): Server {
  if (!expressPrototypes) return createServer(app);
  function AppRequest(this: IncomingMessage, socket: Socket) {
    initRequest.call(this, socket);
  }
  AppRequest.prototype = app.request;
  function AppResponse(this: ServerResponse, req: IncomingMessage, options?: object) {
    initResponse.call(this, req, options);
  }
  AppResponse.prototype = app.response;
  return createServer(
    { IncomingMessage: AppRequest as unknown as typeof IncomingMessage, ServerResponse: AppResponse as unknown as typeof ServerResponse },
    app,
  );
}
