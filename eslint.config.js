// Lint rules, including the import direction of docs/decisions/004-projections-and-queries.md: services never import each other,
// contracts import only zod, the UI imports only contracts, and deciders stay free of I/O.
import { readdirSync, existsSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const SERVICES = ["command-service", "projector", "read-api"];
const pkg = (name) => [`@crm/${name}`, `@crm/${name}/*`];
const forbid = (names, message) => ({ group: names.flatMap(pkg), message });

/** no-restricted-imports for one folder. */
const direction = (files, patterns, paths = []) => ({
  files,
  rules: { "no-restricted-imports": ["error", { patterns, paths }] },
});

const NODE_IO = ["pg", "express", "@electric-sql/pglite", "node:fs", "node:fs/promises", "node:net", "node:http", "nodemailer", "twilio"];
const features = existsSync("ui/src/features") ? readdirSync("ui/src/features") : [];

/**
 * no-restricted-imports for a folder of ui/: only @crm/contracts from the workspace, no Node I/O, and zod/mini only
 * (zod classic shares zod's core with mini, so one classic import anywhere swells the core every screen loads).
 */
const uiDirection = (files, ...patterns) =>
  direction(
    files,
    [forbid(["infra", "server", ...SERVICES], "the UI imports only @crm/contracts"), ...patterns],
    [
      ...NODE_IO.map((name) => ({ name, message: "the UI runs in the browser" })),
      { name: "zod", message: "the browser loads zod/mini only (docs/decisions/046-ui-by-feature.md)" },
    ],
  );

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "data/**", "e2e/screenshots/**", "test-results/**", "playwright-report/**", "bench/results/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // `import { type X } from "m"` still loads m in the browser bundle (a whole schema library, say): write `import type`.
      "@typescript-eslint/no-import-type-side-effects": "error",
      eqeqeq: ["error", "smart"],
    },
  },
  {
    // A function longer than a screen says why in an eslint-disable comment (issue 28); migrations are frozen SQL, tests are tables of cases.
    files: ["{contracts,infra,command-service,projector,read-api,server}/src/**/*.ts", "bench/**/*.ts"],
    ignores: ["**/*.migrations.ts"],
    rules: { "max-lines-per-function": ["error", { max: 80, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ["ui/**/*.{ts,tsx,js}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  direction(["contracts/**"], [forbid(["infra", "server", "ui", ...SERVICES], "contracts/ holds schemas and types only")], NODE_IO.map((name) => ({ name, message: "contracts/ has no I/O" }))),
  direction(["infra/**"], [forbid(["server", "ui", ...SERVICES], "infra/ is below the services")]),
  ...SERVICES.map((service) =>
    direction([`${service}/**`], [forbid(["server", "ui", ...SERVICES.filter((s) => s !== service)], "services never import each other; share through contracts/ or infra/")]),
  ),
  direction(
    ["command-service/src/**/*.decider.ts"],
    [forbid(["infra", "server", "ui", "projector", "read-api"], "deciders are pure: no I/O, no framework")],
    NODE_IO.map((name) => ({ name, message: "deciders are pure: no I/O" })),
  ),
  // The front end by feature (docs/decisions/046-ui-by-feature.md): a feature never imports another
  // feature nor app/; components/, lib/ and api/ know no feature; app/ composes features through their
  // index.ts. Every folder of ui/ also keeps the browser's rules (one block per file wins, so each carries them).
  uiDirection(["ui/**"]),
  ...features.map((feature) =>
    uiDirection(
      [`ui/src/features/${feature}/**`],
      { group: features.filter((f) => f !== feature).flatMap((f) => [`@/features/${f}`, `@/features/${f}/**`]), message: "features do not import each other; compose them in app/" },
      { group: ["@/app", "@/app/**"], message: "app/ composes features, never the other way round" },
    ),
  ),
  uiDirection(["ui/src/{components,lib,api}/**"], { group: ["@/features", "@/features/**", "@/app", "@/app/**"], message: "components/, lib/ and api/ know no feature" }),
  uiDirection(["ui/src/app/**"], { group: ["@/features/*/**"], message: "app/ composes a feature through its index.ts only" }),
);
