// The inbox feature's public face (docs/decisions/046-ui-by-feature.md).
import type { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import { prefetchInbox } from "./api/get-inbox.ts";

export { useInboxCount } from "./api/get-inbox.ts";

/** /inbox: the messages that matched no lead, read while the screen's code loads. */
export const inboxScreen = (queryClient: QueryClient) =>
  ({
    loader: () => {
      prefetchInbox(queryClient);
      return null;
    },
    lazy: () => import("./components/inbox-page.tsx").then((m) => ({ Component: m.InboxPage })),
  }) satisfies RouteObject;
