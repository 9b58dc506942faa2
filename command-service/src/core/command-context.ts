import type { Request } from "express";
import { ValidationError } from "@crm/contracts/api/errors";
import type { EventMetadata } from "@crm/contracts/events/registry";
import { actorOf } from "@crm/infra/http/auth-context";
import type { CommandOptions } from "./command-handler.ts";

export interface CommandDeps {
  now: () => Date;
  newId: () => string;
}

export { actorOf };

const KEY = /^[A-Za-z0-9._:-]{1,200}$/;

function header(req: Request, name: string): string | undefined {
  const value = req.get(name)?.trim();
  if (value === undefined || value === "") return undefined;
  if (!KEY.test(value)) throw new ValidationError([{ field: name, message: "Use 1 to 200 letters, digits or ._:-" }]);
  return value;
}

/** Metadata for the events a request appends: who, when, the idempotency key and correlation id. */
export function commandMetadata(req: Request, deps: CommandDeps): EventMetadata {
  const commandId = header(req, "Idempotency-Key") ?? deps.newId();
  return {
    actor: actorOf(req),
    at: deps.now().toISOString(),
    commandId,
    correlationId: header(req, "X-Correlation-Id") ?? commandId,
  };
}

/** handleCommand options for a request: its metadata, and whether its command id is new (no Idempotency-Key came). */
export function commandOptions(req: Request, deps: CommandDeps): Pick<CommandOptions, "metadata" | "newCommandId"> {
  return { metadata: commandMetadata(req, deps), newCommandId: header(req, "Idempotency-Key") === undefined };
}

/** The version a client says it saw, from If-Match ("3" or W/"3") or an expectedVersion body field. */
export function expectedVersionOf(
  req: Request,
  bodyVersion: number | undefined,
): Pick<CommandOptions, "expectedVersion" | "expectedVersionFrom"> {
  const ifMatch = req.get("If-Match");
  if (ifMatch !== undefined) {
    const match = /^(?:W\/)?"?(\d{1,9})"?$/.exec(ifMatch.trim());
    if (!match) throw new ValidationError([{ field: "If-Match", message: "Expected a version number" }]);
    return { expectedVersion: Number(match[1]), expectedVersionFrom: "if-match" };
  }
  return bodyVersion === undefined ? {} : { expectedVersion: bodyVersion, expectedVersionFrom: "body" };
}
