// haproxy in front of instances on this machine, from deploy/haproxy.cfg, the load balancer's one
// configuration: each of its server-template lines (Docker's replicas) becomes one server line per local
// instance. Used by scripts/cluster.mjs (`npm run cluster`) and server/test/cluster/.
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** Debian's haproxy (apt-get install haproxy), or the one HAPROXY names. */
export const HAPROXY = process.env.HAPROXY ?? "/usr/sbin/haproxy";
export const TEMPLATE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../deploy/haproxy.cfg");

/** Why haproxy cannot run here, or undefined when it can. */
export function haproxyUnavailable() {
  return existsSync(HAPROXY) ? undefined : `no haproxy at ${HAPROXY} (apt-get install haproxy, or set HAPROXY)`;
}

/**
 * The template with each `server-template <prefix> …` line replaced by `server <prefix><n> <address>`,
 * one per address listed under that prefix (`{ command: ["127.0.0.1:4001"], read: […] }`).
 */
export function haproxyConfig(servers, template = readFileSync(TEMPLATE, "utf8")) {
  const filled = new Set();
  const config = template.replace(/^([ \t]*)server-template[ \t]+(\S+)[ \t].*$/gm, (_line, indent, prefix) => {
    const addresses = servers[prefix] ?? [];
    if (addresses.length === 0) throw new Error(`No addresses for the ${prefix} servers of ${TEMPLATE}`);
    filled.add(prefix);
    return addresses.map((address, i) => `${indent}server ${prefix}${i + 1} ${address}`).join("\n");
  });
  const unknown = Object.keys(servers).filter((prefix) => !filled.has(prefix));
  if (unknown.length > 0) throw new Error(`${TEMPLATE} has no server-template for ${unknown.join(", ")}`);
  return config;
}

/** One line of `show stat`, its columns by name (pxname, svname, status, check_status, hrsp_2xx, wretr, …). */
async function showStat(socket) {
  const text = await new Promise((resolve, reject) => {
    let out = "";
    const client = connect(socket, () => client.end("show stat\n"));
    client.on("data", (chunk) => (out += chunk));
    client.once("end", () => resolve(out));
    client.once("error", reject);
  });
  const [header, ...lines] = text.trim().split("\n");
  const names = header.replace(/^# /, "").split(",");
  return lines.map((line) => Object.fromEntries(line.split(",").map((value, i) => [names[i], value])));
}

/**
 * Writes the filled-in configuration into `dir` and runs haproxy on it in the foreground, listening on
 * `bind` ("host:port"), with its stats socket in `dir`; its log is on its stdout, what it says on stderr
 * (the same alerts, and why it could not start) in `errors`. `servers()` lists every server's row of
 * `show stat`; `checked()` is true once each is UP after a check that passed.
 */
export function startHaproxy({ servers, bind, dir }) {
  const file = path.join(dir, "haproxy.cfg");
  const socket = path.join(dir, "haproxy.sock");
  writeFileSync(file, haproxyConfig(servers));
  const child = spawn(HAPROXY, ["-db", "-f", file], {
    env: { ...process.env, CRM_HAPROXY_BIND: bind, CRM_HAPROXY_STATS: socket },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  const errors = [];
  child.stderr.on("data", (chunk) => errors.push(chunk.toString()));
  const stats = () => showStat(socket);
  return {
    child,
    file,
    socket,
    exited,
    errors,
    async servers() {
      return (await stats()).filter((row) => row.svname !== "FRONTEND" && row.svname !== "BACKEND");
    },
    async checked() {
      const rows = await this.servers().catch(() => []);
      return rows.length > 0 && rows.every((row) => row.status === "UP" && row.check_status.startsWith("L7OK"));
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
