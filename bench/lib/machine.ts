import { execFileSync } from "node:child_process";
import os from "node:os";
import { readFileSync } from "node:fs";
import type { Database } from "@crm/infra/db/database";

/** How loaded the machine looked: the 1-minute load average against the core count. */
export function machineLoad(): string {
  const [one, five] = os.loadavg();
  return `load ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}

/** The machine's CPU time counters from /proc/stat, in clock ticks (zeros where unreadable). */
export interface CpuTimes {
  steal: number;
  total: number;
}

export function cpuTimes(): CpuTimes {
  try {
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice (guest time is inside user).
    const ticks = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1, 9).map(Number);
    return { steal: ticks[7] ?? 0, total: ticks.reduce((sum, t) => sum + t, 0) };
  } catch {
    return { steal: 0, total: 0 };
  }
}

/**
 * The share of this virtual machine's CPU time that the host gave to other guests since `since`,
 * in percent. On an oversubscribed host every figure is slower, and CPU time per operation
 * higher, for reasons outside the code: a run with much steal is no baseline.
 */
export function stealPercentSince(since: CpuTimes): number {
  const now = cpuTimes();
  const total = now.total - since.total;
  return total > 0 ? (100 * (now.steal - since.steal)) / total : 0;
}

/** CPU time of this process, to tell a saturated client from a saturated server. */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/** CPU seconds a process has used, from /proc (Linux); 0 when it is gone or unreadable. */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** The unit of /proc's CPU times (USER_HZ), as `getconf CLK_TCK` reports it; 100 where it cannot be asked. */
const CLOCK_TICKS = clockTicks();

function clockTicks(): number {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
  } catch {
    return 100;
  }
}

/**
 * Measures the CPU time the Postgres backends of the current database use between start and
 * stop: with the client's own CPU time it gives the cost per event, which other processes on a
 * shared machine disturb far less than wall-clock rates. Zero on PGlite (it runs in-process).
 */
export async function serverCpuMeter(q: Database): Promise<() => Promise<number>> {
  if (q.kind === "pglite") return async () => 0;
  return processesCpuMeter(async () =>
    (await q.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")).rows.map((r) => r.pid),
  );
}

/**
 * CPU seconds used from the call on by the processes `pids` lists each time it is asked (a process
 * that came later counts whole; one that ended before the reading is not counted).
 */
export async function processesCpuMeter(pids: () => Promise<number[]>): Promise<() => Promise<number>> {
  const before = new Map((await pids()).map((pid) => [pid, processCpuSeconds(pid)]));
  return async () => {
    let total = 0;
    for (const pid of await pids()) total += processCpuSeconds(pid) - (before.get(pid) ?? 0);
    return total;
  };
}

/** Resident memory of a process in MB, from /proc (Linux); NaN when it is gone. */
export function residentMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
  } catch {
    return Number.NaN;
  }
}
