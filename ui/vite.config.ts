import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

export default defineConfig({
  root: import.meta.dirname,
  // Brotli and gzip beside each text file of the build, served by content negotiation (decision 051).
  plugins: [react(), tailwindcss(), compression({ algorithms: ["brotliCompress", "gzip"] })],
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  server: { proxy: { "/api": "http://localhost:3000" } },
  build: { outDir: "dist", emptyOutDir: true, manifest: true },
});
