import { startEarlyReads } from "./early-reads.ts";
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

// The page's spinner paints first; the app's code (React, the router and the first screen, nearly all
// of its JavaScript, fetched meanwhile: index.html preloads it) runs after that frame, so a slow phone
// shows the page at once rather than after evaluating it (decision 056). A tab opened in the
// background paints no frames: it starts after a tenth of a second all the same.
const early = startEarlyReads(document.cookie); // the session check, beside the app's code
let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import("./app/start.tsx").then((app) => app.startApp(early));
};
requestAnimationFrame(() => setTimeout(start));
setTimeout(start, 100);
