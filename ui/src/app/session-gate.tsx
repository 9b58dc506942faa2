import { Navigate, Outlet, useLocation } from "react-router";
import { useLiveUpdates } from "@/lib/live-updates";
import { useMe } from "@/lib/session";
import { FullPageError, FullPageSpinner } from "./full-page-status.tsx";
import { redirectFor, sessionStatus } from "./session-redirect.ts";

/** Sends everyone to the screen their session allows (docs/product.md, "Screens") and follows live notices once approved. */
export function SessionGate() {
  const { data: me, isPending, error, refetch } = useMe();
  const { pathname } = useLocation();
  useLiveUpdates(me?.user?.approved === true); // the stream is for approved staff only
  if (isPending) return <FullPageSpinner />;
  if (error && me === undefined) return <FullPageError error={error} onRetry={() => void refetch()} />;
  const target = redirectFor(sessionStatus(me), pathname);
  if (target) {
    // The target screen's chunk may still be loading: say so rather than show an empty page.
    return (
      <>
        <Navigate to={target} replace />
        <FullPageSpinner />
      </>
    );
  }
  return <Outlet />;
}
