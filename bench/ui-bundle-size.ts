// The JavaScript a browser must fetch before a route can show (gzip), from Vite's build manifest:
// the entry chunk, the route's lazy chunks, and every chunk those import statically.
// Target: <= 180 KB for every route.
// Usage: npm run build && npx tsx bench/ui-bundle-size.ts   (or pass --build to build first)
import { execSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

const UI = path.resolve(import.meta.dirname, "../ui");
const MANIFEST = path.join(UI, "dist/.vite/manifest.json");
const TARGET_KB = 180;

// The lazy modules each route needs before it can render (see ui/src/app/router.tsx): the shell,
// where the route sits inside it, and the module its lazy() imports. A module missing from the
// manifest stops the run: the router changed and this table must follow it.
const SHELL = "src/app/shell/app-shell.tsx";
const ROUTES: Record<string, string[]> = {
  "/login": ["src/features/auth/components/login-page.tsx"],
  "/pending": ["src/features/auth/components/pending-page.tsx"],
  "/onboarding-form": ["src/features/questionnaire/components/questionnaire-page.tsx"],
  "/dashboard": [SHELL, "src/features/dashboard/components/dashboard-page.tsx"],
  "/leads": [SHELL, "src/features/leads/components/closed-leads-screen.tsx"],
  "/lead/:id": [SHELL, "src/app/screens/lead-page.tsx"],
  "/onboarding": [SHELL, "src/app/screens/onboarding-page.tsx"],
  "/inbox": [SHELL, "src/features/inbox/components/inbox-page.tsx"],
  "/approvals": [SHELL, "src/features/approvals/components/approvals-page.tsx"],
  "/creative": [SHELL, "src/features/creative/components/creative-page.tsx"],
  "/settings": [SHELL, "src/features/settings/components/settings-page.tsx"],
};

/** The chunk keys reachable from `keys` through static imports. */
function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest: was the router changed?`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

const gzipKb = (file: string) => gzipSync(readFileSync(path.join(UI, "dist", file))).length / 1024;

function main() {
  if (process.argv.includes("--build") || !existsSync(MANIFEST))
    execSync("npm run build", { stdio: "inherit", cwd: path.resolve(UI, "..") });
  const manifest = JSON.parse(readFileSync(MANIFEST, "utf8")) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry) throw new Error("No entry chunk in the manifest");
  const entryKb = gzipKb(manifest[entry]!.file);
  console.log(`entry chunk ${manifest[entry]!.file}: ${entryKb.toFixed(1)} KB gzip`);
  let over = false;
  for (const [route, lazy] of Object.entries(ROUTES)) {
    const files = [...closure(manifest, [entry, ...lazy])].map((key) => manifest[key]!.file);
    const total = files.reduce((sum, file) => sum + gzipKb(file), 0);
    over ||= total > TARGET_KB;
    console.log(
      `${route.padEnd(16)} initial JS ${total.toFixed(1).padStart(6)} KB gzip in ${files.length} chunks (target <= ${TARGET_KB} KB)${total > TARGET_KB ? "  OVER" : ""}`,
    );
  }
  if (over) process.exitCode = 1;
}

main();
