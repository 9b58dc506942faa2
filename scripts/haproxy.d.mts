import type { ChildProcess } from "node:child_process";

/** One server's row of haproxy's `show stat`, by column name (pxname, svname, status, check_status, hrsp_2xx, wretr, …). */
export type ServerRow = Record<string, string>;

export interface Haproxy {
  child: ChildProcess;
  /** The filled-in configuration. */
  file: string;
  /** The stats socket. */
  socket: string;
  /** haproxy's exit code, or the signal that ended it. */
  exited: Promise<number | string>;
  /** What it said on stderr. */
  errors: string[];
  servers(): Promise<ServerRow[]>;
  checked(): Promise<boolean>;
  stop(): Promise<void>;
}

export const HAPROXY: string;
export const TEMPLATE: string;
/** Why haproxy cannot run here, or undefined when it can. */
export function haproxyUnavailable(): string | undefined;
export function haproxyConfig(servers: Record<string, readonly string[]>, template?: string): string;
export function startHaproxy(options: { servers: Record<string, readonly string[]>; bind: string; dir: string }): Haproxy;
