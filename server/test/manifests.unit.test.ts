import { readdirSync, readFileSync } from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Each workspace's package.json declares exactly the packages its own .ts/.tsx files import:
// `dependencies` for what src/ uses, `devDependencies` for what only tests, test helpers, benches and
// build config use. Type packages (@types/*) stay with the root's tooling and are not compared.

const ROOT = path.resolve(import.meta.dirname, "../..");
const WORKSPACES: string[] = (JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8")) as { workspaces: string[] }).workspaces;

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** The package a bare specifier names: `@scope/name` or `name`, without a deep path. */
export function packageOf(specifier: string): string | undefined {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("@/") || isBuiltin(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Every module specifier of a file: static imports, `export ... from`, `import("x")` and import types. */
export function specifiersOf(source: string): string[] {
  return ts.preProcessFile(source, true, true).importedFiles.map((file) => file.fileName);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !/(^|[\\/])(node_modules|dist|results)[\\/]/.test(path.relative(dir, file)));
}

/** src/ ships; its tests (ui/src/test, *.test.ts[x]) and everything outside src/ do not. */
const ships = (relative: string) => /^src[\\/]/.test(relative) && !/^src[\\/]test[\\/]/.test(relative) && !/\.test\.tsx?$/.test(relative);

function compare(workspace: string) {
  const dir = path.join(ROOT, workspace);
  const manifest = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as Manifest;
  const runtime = new Set<string>();
  const dev = new Set<string>();
  for (const file of sourceFiles(dir)) {
    for (const specifier of specifiersOf(readFileSync(file, "utf8"))) {
      const name = packageOf(specifier);
      if (!name || name === manifest.name) continue;
      (ships(path.relative(dir, file)) ? runtime : dev).add(name);
    }
  }
  for (const name of runtime) dev.delete(name);
  const declared = Object.keys(manifest.dependencies ?? {});
  const declaredDev = Object.keys(manifest.devDependencies ?? {});
  const problems = [
    ...[...runtime].filter((name) => !declared.includes(name)).map((name) => `${name}: imported by src/, not in dependencies`),
    ...[...dev]
      .filter((name) => !declaredDev.includes(name) && !declared.includes(name))
      .map((name) => `${name}: imported by tests, not in devDependencies`),
    ...declared.filter((name) => !runtime.has(name)).map((name) => `${name}: in dependencies, not imported by src/`),
    ...declaredDev
      .filter((name) => !dev.has(name) && !name.startsWith("@types/"))
      .map((name) => `${name}: in devDependencies, not imported by tests`),
  ];
  return problems.sort();
}

describe("workspace manifests", () => {
  it.each(WORKSPACES)("%s/package.json declares what its code imports, and nothing else", (workspace) => {
    // One line per problem, so a failure lists every undeclared and unused package.
    expect(compare(workspace).join("\n")).toBe("");
  });

  it("reads every kind of import and names the package, not the path", () => {
    const source = [
      'import a from "express";',
      'import type { B } from "@crm/infra/db/database";',
      'export { c } from "zod/v4";',
      'const d = await import("@scope/pkg/deep/path");',
      'import "./local.ts";',
      'import { e } from "node:fs";',
      'import f from "path";',
    ].join("\n");
    expect(specifiersOf(source).map(packageOf).filter(Boolean)).toEqual(["express", "@crm/infra", "zod", "@scope/pkg"]);
  });
});
