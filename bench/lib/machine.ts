import os from "node:os";

/** How loaded the machine looked: the 1-minute load average against the core count. */
export function machineLoad(): string {
  const [one, five] = os.loadavg();
  return `load ${one!.toFixed(2)} (1 min) ${five!.toFixed(2)} (5 min) on ${os.cpus().length} cores`;
}

/** CPU time of this process, to tell a saturated client from a saturated server. */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}
