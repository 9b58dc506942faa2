import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

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
