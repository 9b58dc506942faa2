import { useEffect } from "react";

/** Runs `action` on Ctrl+<key> or Cmd+<key> anywhere in the page. */
export function useModShortcut(key: string, action: () => void): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === key && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        action();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [key, action]);
}
