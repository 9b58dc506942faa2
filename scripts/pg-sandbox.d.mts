export interface Sandbox {
  dir: string;
  data: string;
  port: number;
  url: string;
  /** fsync on (a bench's server); off by default (test data only). */
  durable?: boolean;
}
export const PG_BIN: string;
/** Why a sandbox cannot start here, or undefined when it can. */
export function sandboxUnavailable(): string | undefined;
export function startSandbox(port: number, options?: { durable?: boolean }): Promise<Sandbox>;
export function startStandby(primary: Sandbox, port: number): Promise<Sandbox>;
export function startServer(sandbox: Sandbox): Promise<void>;
export function stopServer(sandbox: Sandbox): Promise<void>;
export function destroySandbox(sandbox: Pick<Sandbox, "dir" | "data">): Promise<void>;
