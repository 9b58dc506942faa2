import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { Providers } from "./app/providers.tsx";
import { createRouter } from "./app/router.tsx";
import { createQueryClient } from "./lib/query-client.ts";
import "./index.css";

// A new build replaces the hashed chunks: a screen whose chunk is gone needs the new index.html.
// Reload once (not in a loop) when Vite reports a chunk that failed to load.
window.addEventListener("vite:preloadError", (event) => {
  const last = Number(sessionStorage.getItem("chunk-reload-at") ?? 0);
  if (Date.now() - last < 10_000) return;
  event.preventDefault();
  sessionStorage.setItem("chunk-reload-at", String(Date.now()));
  window.location.reload();
});

const queryClient = createQueryClient();
const router = createRouter(queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
