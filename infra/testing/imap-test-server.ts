import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createConnection, createServer, type AddressInfo } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { ImapFlow } from "imapflow";

/** Debian's dovecot-imapd (.ci/run installs it). */
export const DOVECOT = "/usr/sbin/dovecot";
const SETPRIV = "/usr/bin/setpriv";

export interface ImapTestServer {
  /** imap://user:password@127.0.0.1:<port>/INBOX, for IMAP_URL. */
  url: string;
  port: number;
  user: string;
  password: string;
  /** Delivers a message into the mailbox with IMAP APPEND (with these flags, if any); answers its UID. */
  append(raw: string | Buffer, flags?: string[], mailbox?: string): Promise<number>;
  /** Every message in the mailbox, by UID, with its flags and keywords. */
  flags(mailbox?: string): Promise<Map<number, Set<string>>>;
  /** What dovecot logged (logins, errors). */
  log(): Promise<string>;
  /** Kills dovecot and removes its directory. */
  stop(): Promise<void>;
}

const USER = "crm-inbox";
const PASSWORD = "imap-test-password";

/** A free port on loopback (bound, read, released: the server takes it at once). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port }, () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });

/**
 * Who the mail processes run as. Dovecot never gives a mailbox to uid 0, so as root they run as the
 * package's `dovecot` user (the maildir is chowned to it) and the login processes keep the package's
 * defaults; as anyone else, everything runs as the current user.
 */
function mailUser(): { uid: number; gid: number; self?: { user: string; group: string } } {
  if (process.getuid?.() !== 0) {
    const me = userInfo();
    return { uid: me.uid, gid: me.gid, self: { user: me.username, group: execFileSync("id", ["-gn"], { encoding: "utf8" }).trim() } };
  }
  const id = (flag: string) => Number(execFileSync("id", [flag, "dovecot"], { encoding: "utf8" }).trim());
  return { uid: id("-u"), gid: id("-g") };
}

function config(dir: string, port: number, who: ReturnType<typeof mailUser>): string {
  const lines = [
    "protocols = imap",
    "listen = 127.0.0.1",
    `base_dir = ${dir}/run`,
    `state_dir = ${dir}/state`,
    `instance_name = crm-test-${port}`,
    `log_path = ${dir}/dovecot.log`,
    "ssl = no",
    "disable_plaintext_auth = no",
    "auth_mechanisms = plain login",
    `first_valid_uid = ${who.uid}`,
    `last_valid_uid = ${who.uid}`,
    `mail_location = maildir:${dir}/mail/%u`,
    ...(who.self
      ? [`default_login_user = ${who.self.user}`, `default_internal_user = ${who.self.user}`, `default_internal_group = ${who.self.group}`]
      : []),
    "passdb {",
    "  driver = static",
    `  args = password=${PASSWORD}`,
    "}",
    "userdb {",
    "  driver = static",
    `  args = uid=${who.uid} gid=${who.gid} home=${dir}/mail/%u`,
    "}",
    "service imap-login {",
    "  chroot =",
    "  inet_listener imap {",
    "    address = 127.0.0.1",
    `    port = ${port}`,
    "  }",
    "  inet_listener imaps {",
    "    port = 0",
    "  }",
    "}",
    "service anvil {",
    "  chroot =",
    "}",
  ];
  return lines.join("\n") + "\n";
}

/**
 * A real IMAP server for tests: Debian's dovecot, started in the foreground with a configuration of
 * its own in a temp dir (maildir, one user with a plaintext password, no TLS, loopback only, its own
 * base and state dirs and log), never the system's dovecot service. `port` picks the port (a test of
 * reconnection starts the server after the client); by default a free one.
 */
export async function startImapTestServer(options: { port?: number } = {}): Promise<ImapTestServer> {
  if (!existsSync(DOVECOT)) throw new Error(`${DOVECOT} is missing: install Debian's dovecot-imapd (.ci/run does)`);
  const port = options.port ?? (await freePort());
  const dir = await mkdtemp(join(tmpdir(), "crm-imap-"));
  const who = mailUser();
  await chmod(dir, 0o755);
  for (const sub of ["run", "state", "mail"]) await mkdir(join(dir, sub));
  await chown(join(dir, "mail"), who.uid, who.gid);
  const conf = join(dir, "dovecot.conf");
  await writeFile(conf, config(dir, port, who));

  // Its own process group (detached), so that stop() ends its login and mail processes with it; and,
  // where util-linux's setpriv is, killed with the test process even when that one is killed itself
  // (a test run stopped by a timeout runs no afterAll).
  const command = existsSync(SETPRIV) ? [SETPRIV, "--pdeathsig", "KILL", DOVECOT] : [DOVECOT];
  const child: ChildProcess = spawn(command[0]!, [...command.slice(1), "-F", "-c", conf], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let stderr = "";
  child.stderr?.on("data", (c: Buffer) => (stderr += c.toString("utf8")));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let running = true;
  void exited.then(() => (running = false));
  // A test process that ends without stop() takes its dovecot with it.
  const killGroup = () => {
    if (running && child.pid) process.kill(-child.pid, "SIGKILL");
  };
  process.once("exit", killGroup);

  const log = async () => ((await readFile(join(dir, "dovecot.log"), "utf8").catch(() => "")) + stderr).trim();
  const deadline = Date.now() + 15_000;
  while (!(await accepts(port))) {
    if (!running || Date.now() > deadline) {
      killGroup();
      throw new Error(`dovecot did not start on 127.0.0.1:${port}: ${await log()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  /** One short session per call, so the test's own reads never share the poller's connection. */
  const session = async <T>(fn: (client: ImapFlow) => Promise<T>): Promise<T> => {
    const client = new ImapFlow({ host: "127.0.0.1", port, secure: false, auth: { user: USER, pass: PASSWORD }, logger: false });
    client.on("error", () => {});
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.logout().catch(() => client.close());
    }
  };

  return {
    url: `imap://${USER}:${PASSWORD}@127.0.0.1:${port}/INBOX`,
    port,
    user: USER,
    password: PASSWORD,
    append: (raw, flags = [], mailbox = "INBOX") =>
      session(async (client) => {
        const answer = await client.append(mailbox, typeof raw === "string" ? Buffer.from(raw, "utf8") : raw, flags);
        if (!answer || answer.uid === undefined) throw new Error(`APPEND to ${mailbox} answered no UID`);
        return answer.uid;
      }),
    flags: (mailbox = "INBOX") =>
      session(async (client) => {
        const byUid = new Map<number, Set<string>>();
        const lock = await client.getMailboxLock(mailbox);
        try {
          // An empty mailbox has no "1:*".
          if (client.mailbox && client.mailbox.exists > 0)
            for await (const message of client.fetch("1:*", { uid: true, flags: true })) byUid.set(message.uid, message.flags ?? new Set());
        } finally {
          lock.release();
        }
        return byUid;
      }),
    log,
    async stop() {
      // The whole group at once: a graceful SIGTERM takes dovecot seconds, and nothing of this
      // throwaway server needs keeping.
      process.off("exit", killGroup);
      if (running) {
        killGroup();
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
