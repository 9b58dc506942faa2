import { useSyncExternalStore } from "react";

/** docs/product.md, "Limits and constants": mobile is a viewport below 768 px. */
export const MOBILE_QUERY = "(max-width: 767.98px)";

/** True on a mobile-width viewport, following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const media = window.matchMedia(MOBILE_QUERY);
      media.addEventListener("change", listener);
      return () => media.removeEventListener("change", listener);
    },
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
