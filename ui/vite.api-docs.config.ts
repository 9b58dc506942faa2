import path from "node:path";
import { defineConfig, mergeConfig } from "vite";
import app from "./vite.config.ts";

/**
 * The API reference page (/api/docs, docs/decisions/052-api-reference.md), built after the app into
 * the same dist/ with the same plugins (hashed, precompressed assets). A build of its own, not a second
 * input of the app's: two entries of one build share their common modules (zod, clsx) in one chunk,
 * tree-shaken for both, and Scalar's use of zod grew the app's JavaScript by 29 KB.
 */
export default mergeConfig(
  app,
  defineConfig({
    publicDir: false, // the app's build copied ui/public already
    build: {
      emptyOutDir: false, // keep the app's build beside it
      manifest: ".vite/api-docs-manifest.json", // beside the app's manifest, out of what is served
      // Rolldown's own splitting, not the app's named chunks: those are cut for the app's screens.
      rolldownOptions: { input: path.resolve(import.meta.dirname, "api-docs.html"), output: { codeSplitting: true } },
    },
  }),
);
