import { useSyncExternalStore } from "react";

export type Theme = "light" | "dark";
const KEY = "theme";
const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    return localStorage.getItem(KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

/** Switches the class on <html> with transitions off for a frame, so nothing fades between themes. */
function applyTheme(theme: Theme) {
  const style = document.createElement("style");
  style.textContent = "*,*::before,*::after{transition:none!important}";
  document.head.appendChild(style);
  document.documentElement.classList.toggle("dark", theme === "dark");
  void getComputedStyle(document.body).color; // apply the new colours before transitions return
  requestAnimationFrame(() => style.remove());
}

/** Stores the theme under localStorage "theme" and applies it to <html> (the inline script of index.html does it at load). */
export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(KEY, theme);
  } catch {
    // storage disabled: the choice lasts for this page only
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The current theme (light by default), re-rendering when it changes. */
export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      // Another tab changed the theme: follow it.
      const onStorage = (event: StorageEvent) => {
        if (event.key !== KEY) return;
        applyTheme(event.newValue === "dark" ? "dark" : "light");
        listener();
      };
      listeners.add(listener);
      window.addEventListener("storage", onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener("storage", onStorage);
      };
    },
    readTheme,
    () => "light",
  );
}
