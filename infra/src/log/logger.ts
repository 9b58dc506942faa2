import { AsyncLocalStorage } from "node:async_hooks";
import { pino, type DestinationStream, type Logger } from "pino";
import type { Config } from "../config.ts";

export type { Logger } from "pino";

/** What every line logged on behalf of one request carries. */
export interface LogContext {
  requestId: string;
}

const context = new AsyncLocalStorage<LogContext>();

/**
 * JSON lines to stdout (or `destination`). Lines logged while a request is served carry its id
 * through AsyncLocalStorage, so code deep below needs no logger handed down to be correlated.
 */
export function createLogger(level: Config["LOG_LEVEL"], destination: DestinationStream = pino.destination(1)): Logger {
  return pino({ level, mixin: () => ({ ...context.getStore() }), serializers: { err: pino.stdSerializers.err } }, destination);
}

/** Runs `fn` (and everything it starts) with `log` as the context of its log lines. */
export function withLogContext<T>(log: LogContext, fn: () => T): T {
  return context.run(log, fn);
}

/** The `(message, error?)` shape the runners take as their `log` option: a note at info, a failure at error. */
export function logTo(logger: Logger): (message: string, error?: unknown) => void {
  return (message, error) => (error === undefined ? logger.info(message) : logger.error({ err: error }, message));
}

/** For code that was not handed a logger (tests that build a runner alone): the process's own, at info. */
export const defaultLogger: Logger = createLogger("info");
