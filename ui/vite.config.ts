import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

type IndexHtmlHook = Extract<NonNullable<Plugin["transformIndexHtml"]>, { handler: unknown }>["handler"];

/** A build step on the app's index.html once its chunks are written (the API reference's page keeps its own). */
function onIndexHtml(name: string, handler: IndexHtmlHook): Plugin {
  return {
    name,
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, context) {
        return context.path === "/index.html" ? handler.call(this, html, context) : html;
      },
    },
  };
}

/**
 * The app's one stylesheet goes inside index.html, not beside it: the first frame (the loading
 * spinner) paints from the HTML alone, with no render-blocking request before it (decision 056).
 * The stylesheet is 9 KB in brotli; index.html is asked for again on every visit anyway (no-cache).
 */
const inlineStylesheet = () =>
  onIndexHtml("crm:inline-stylesheet", (html, { bundle }) =>
    html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g, (tag, file: string) => {
      const asset = bundle?.[file];
      return asset?.type === "asset" ? `<style>${String(asset.source)}</style>` : tag;
    }),
  );

/**
 * main.tsx starts the app by a dynamic import once the page has painted (decision 056); index.html
 * still asks for that code at once, as it would for a static import: a modulepreload for the app's
 * chunk and every chunk it imports, fetched and compiled while the spinner paints, run later.
 */
const preloadApp = (entry: string) =>
  onIndexHtml("crm:preload-app", (html, { bundle }) => {
    const chunks = Object.values(bundle ?? {}).filter((output) => output.type === "chunk");
    const app = chunks.find((chunk) => chunk.facadeModuleId === path.resolve(import.meta.dirname, entry));
    if (!app) throw new Error(`crm:preload-app: no chunk for ${entry}`);
    const preloaded = new Set(Array.from(html.matchAll(/<(?:link|script)[^>]*(?:href|src)="\/([^"]+)"/g), ([, file]) => file));
    const files: string[] = [];
    const visit = (file: string) => {
      if (preloaded.has(file)) return;
      preloaded.add(file);
      files.push(file);
      for (const imported of chunks.find((chunk) => chunk.fileName === file)?.imports ?? []) visit(imported);
    };
    visit(app.fileName);
    const preload = (file: string) => ({
      tag: "link",
      attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
      injectTo: "head" as const,
    });
    return { html, tags: files.map(preload) };
  });

/** A module id inside one of these packages of node_modules. */
const inPackages = (...names: string[]) => new RegExp(`node_modules[\\\\/](${names.join("|")})[\\\\/]`);
const ui = (folder: string) => new RegExp(`[\\\\/]ui[\\\\/]src[\\\\/]${folder}[\\\\/]`);

const CORE = [
  inPackages(
    "react",
    "react-dom",
    "scheduler",
    "react-router",
    "@tanstack[\\\\/](react-)?query(-core)?",
    "zod",
    "react-hook-form",
    "@hookform",
    "@standard-schema",
  ),
  inPackages("tailwind-merge", "clsx", "class-variance-authority", "lucide-react"),
  /[\\/]contracts[\\/]src[\\/]/,
  ui("(lib|api)"),
];
const CHUNKS = [
  // Every page: React, the router, the query cache, zod and the forms, the icons; our contracts, lib and API client.
  { name: "core", test: (id: string) => CORE.some((pattern) => pattern.test(id)), priority: 4 },
  // Only the board and the long lists.
  { name: "board", test: inPackages("@dnd-kit", "@tanstack[\\\\/](react-)?virtual"), priority: 3 },
  // Only the Reports page: visx and the d3 modules under it (issue 35, "a small charting library chosen for bundle size, code-split").
  {
    name: "charts",
    test: inPackages("@visx", "d3-[a-z-]+", "internmap"),
    priority: 3,
  },
  // Only once a password is typed: the scorer's dictionaries (password-strength imports it lazily, so it stays out of kit).
  { name: "zxcvbn", test: inPackages("@zxcvbn-ts"), priority: 3 },
  // Every page but the first paint: the other libraries (Radix, floating-ui, cmdk, sonner) and our components.
  {
    name: "kit",
    test: (id: string) => (/node_modules[\\/]/.test(id) || ui("components").test(id)) && !id.includes("password-strength"),
    priority: 2,
  },
];

export default defineConfig({
  root: import.meta.dirname,
  // Brotli and gzip beside each text file of the build, served by content negotiation (decision 051).
  plugins: [
    react(),
    tailwindcss(),
    inlineStylesheet(),
    preloadApp("src/app/start.tsx"),
    compression({ algorithms: ["brotliCompress", "gzip"] }),
  ],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    // Four named chunks and the screens apart, not a chunk for every module two screens share (decision 056).
    // A group takes in the dependencies of what it captures, so the higher priority goes first: core before board.
    rolldownOptions: { output: { codeSplitting: { groups: CHUNKS } } },
  },
});
