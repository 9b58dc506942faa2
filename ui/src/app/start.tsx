import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { adoptEarlyReads } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";
import type { EarlyReads } from "../early-reads.ts";
import { Providers } from "./providers.tsx";
import { createRouter } from "./router.tsx";

/** Renders the app into #root, over the spinner of index.html (main.tsx calls it once, with the reads it started). */
export function startApp(early: EarlyReads) {
  adoptEarlyReads(early);
  const queryClient = createQueryClient();
  const router = createRouter(queryClient);
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}
