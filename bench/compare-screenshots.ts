// Compares two folders of screenshots (e2e/screenshots from two runs, say before and after a redesign)
// and prints, per picture, how many pixels differ; the pictures that differ get a diff image to open.
// Usage: npx tsx bench/compare-screenshots.ts <before-dir> <after-dir> [diff-dir]
// Pictures of live data (relative times, generated names) differ a little on every run: read the
// diff images rather than trusting a count alone.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pixelmatch from "pixelmatch";
import { PNG } from "pngjs";

interface Row {
  name: string;
  verdict: string;
  share: number;
}

/** One picture's comparison, writing its diff image when any pixel differs. */
function compare(before: string, after: string, diffDir: string, name: string): Row {
  const afterFile = path.join(after, name);
  if (!existsSync(afterFile)) return { name, verdict: "missing after", share: 1 };
  const a = PNG.sync.read(readFileSync(path.join(before, name)));
  const b = PNG.sync.read(readFileSync(afterFile));
  if (a.width !== b.width || a.height !== b.height) return { name, verdict: `size ${a.width}x${a.height} -> ${b.width}x${b.height}`, share: 1 };
  const diff = new PNG({ width: a.width, height: a.height });
  const differing = pixelmatch(a.data, b.data, diff.data, a.width, a.height, { threshold: 0.1 });
  const share = differing / (a.width * a.height);
  if (differing > 0) writeFileSync(path.join(diffDir, name), PNG.sync.write(diff));
  return { name, verdict: differing === 0 ? "same" : `${differing} px differ`, share };
}

function main() {
  const [before, after, diffDir = "/tmp/screenshot-diffs"] = process.argv.slice(2);
  if (!before || !after) throw new Error("Usage: compare-screenshots.ts <before-dir> <after-dir> [diff-dir]");
  mkdirSync(diffDir, { recursive: true });
  const names = readdirSync(before).filter((name) => name.endsWith(".png")).sort();
  const rows = names.map((name) => compare(before, after, diffDir, name)).sort((x, y) => y.share - x.share);
  const added = readdirSync(after).filter((name) => name.endsWith(".png") && !names.includes(name));
  console.log("| screenshot | verdict | share of pixels |\n|---|---|---|");
  for (const row of rows) console.log(`| ${row.name} | ${row.verdict} | ${(row.share * 100).toFixed(2)} % |`);
  for (const name of added) console.log(`| ${name} | new after | |`);
  const same = rows.filter((row) => row.verdict === "same").length;
  console.log(`\n${same} of ${rows.length} identical; diff images in ${diffDir}`);
}

main();
