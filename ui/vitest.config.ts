import path from "node:path";
import { defineProject } from "vitest/config";

export default defineProject({
  root: import.meta.dirname,
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: { name: "ui", include: ["src/**/*.test.{ts,tsx}"], environment: "jsdom", setupFiles: ["src/test/setup.ts"] },
});
