/**
 * The UI figures in run-all: runs bench/ui-bundle-size.ts (JS per route, gzip; builds the UI
 * first) and bench/ui-board.ts (Chromium: first board render with 5,000 leads, drag-to-visible)
 * as child processes and turns the lines they print into table rows.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { verdict, type Figure } from "./lib/report.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");

/** Runs a bench script with tsx and resolves to what it printed (its own progress lines echoed). */
function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", path.join(HERE, script), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      process.stdout.write(chunk);
    });
    child.once("error", reject);
    child.once("exit", (code) =>
      code === 0 || (code === 1 && out.includes("OVER")) ? resolve(out) : reject(new Error(`${script} exited with ${code}`)),
    );
  });
}

/** "median 123 ms, p95 150 (min ..., n=5)" after a label, as printed by ui-board.ts. */
function medianAfter(out: string, label: string): { median: number; text: string } | undefined {
  const line = out.split("\n").find((l) => l.includes(label));
  const match = line && /median (\d+) ms, p95 (\d+) \(([^)]*)\)/.exec(line);
  return match ? { median: Number(match[1]), text: `median ${match[1]} ms, p95 ${match[2]} ms (${match[3]})` } : undefined;
}

async function bundleFigures(): Promise<Figure[]> {
  const out = await runScript("ui-bundle-size.ts", ["--build"]);
  return [...out.matchAll(/^(\S+)\s+initial JS\s+([\d.]+) KB gzip in (\d+) chunks \(target <= (\d+) KB\)/gm)].map((m) => ({
    figure: `UI JavaScript for ${m[1]} (gzip)`,
    measured: `${m[2]} KB in ${m[3]} chunks`,
    target: `<= ${m[4]} KB`,
    limit: "-",
    verdict: verdict(Number(m[2]) <= Number(m[4])),
  }));
}

async function boardFigures(runs: number, port: number): Promise<Figure[]> {
  const out = await runScript("ui-board.ts", ["--runs", String(runs)], { BENCH_PORT: String(port) });
  const first = medianAfter(out, "first board render");
  const render = medianAfter(out, "of which rendering");
  const own = medianAfter(out, "drag-to-visible, own board");
  const other = medianAfter(out, "another person's board");
  if (!first || !own || !other) throw new Error("ui-board.ts printed no figures");
  return [
    {
      figure: "UI first board render, 5,000 leads (Chromium)",
      measured: first.text,
      target: "<= 500 ms",
      limit: render ? `rendering after the data: ${render.text}` : "-",
      verdict: verdict(first.median <= 500),
    },
    { figure: "UI drag-to-visible, own board", measured: own.text, target: "<= 100 ms", limit: "-", verdict: verdict(own.median <= 100) },
    { figure: "UI drag-to-visible, another person's board", measured: other.text, target: "-", limit: "-", verdict: "info" },
  ];
}

/** Bundle sizes first (it builds the UI the board benchmark then serves). */
export async function benchUi({ runs, port = 5140 }: { runs: number; port?: number }): Promise<Figure[]> {
  return [...(await bundleFigures()), ...(await boardFigures(runs, port))];
}
