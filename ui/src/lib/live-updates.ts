import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { AdvancedNotice } from "@crm/contracts/api/live";
import { staleQueryKeys } from "./live-topics.ts";

/** Follows /api/events/stream while enabled and invalidates the queries each notice's topics name. */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events/stream", { withCredentials: true });
    let connectedBefore = false;
    source.addEventListener("ready", () => {
      // After a reconnect, notices may have been missed while offline: refresh whatever is shown.
      if (connectedBefore) void queryClient.invalidateQueries();
      connectedBefore = true;
    });
    source.addEventListener("advanced", (event) => {
      let notice: AdvancedNotice;
      try {
        notice = JSON.parse((event as MessageEvent<string>).data) as AdvancedNotice;
      } catch {
        return;
      }
      const stale = staleQueryKeys(notice);
      if (stale === "all") void queryClient.invalidateQueries();
      else for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
    });
    return () => source.close();
  }, [enabled, queryClient]);
}
