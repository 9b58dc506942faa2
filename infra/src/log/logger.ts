import { pino, type DestinationStream, type Logger } from "pino";
import type { Config } from "../config.ts";

export type { Logger } from "pino";

/**
 * JSON lines to stdout (or `destination`). A line written on behalf of a request names its
 * `requestId` itself (requestIdOf): an AsyncLocalStorage context would make every promise of the
 * process pay Node 20's promise hooks (decisions/023).
 */
export function createLogger(level: Config["LOG_LEVEL"], destination: DestinationStream = pino.destination(1)): Logger {
  return pino({ level, serializers: { err: pino.stdSerializers.err } }, destination);
}

/** The `(message, error?)` shape the runners take as their `log` option: a note at info, a failure at error. */
export function logTo(logger: Logger): (message: string, error?: unknown) => void {
  return (message, error) => (error === undefined ? logger.info(message) : logger.error({ err: error }, message));
}

/** For code that was not handed a logger (tests that build a runner alone): the process's own, at info. */
export const defaultLogger: Logger = createLogger("info");
