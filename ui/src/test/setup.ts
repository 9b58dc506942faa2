// jsdom has no layout: give it the matchMedia the sidebar asks for (a wide desktop viewport)
// and unmount rendered trees between tests.
import { cleanup, configure } from "@testing-library/react";
import { toast as sonner } from "sonner";
import { afterEach } from "vitest";

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// A screen rendered through the router imports its lazy route's modules on first use, which vitest
// transforms then: a second on a busy machine (CI runs two workers beside Postgres). findBy* and
// waitFor wait up to 5 s rather than 1 s, so a slow import is not a failure; a missing element still is.
configure({ asyncUtilTimeout: 5_000 });

// The tests answer GET /api/auth/me themselves: the server's signed-in hint is always there.
document.cookie = "crm_signed_in=1; path=/";

afterEach(() => {
  // Sonner keeps its toasts in module state and replays the ones still up to the next Toaster:
  // without this, one test's toast would show in the next test's screen.
  sonner.dismiss();
  cleanup();
});
