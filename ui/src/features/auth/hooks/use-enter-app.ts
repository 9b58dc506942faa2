import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { resetPosition } from "@/lib/api-client";
import { meQueryOptions, type Me } from "@/lib/session";

/**
 * After a link signed someone in (a reset, an accepted invitation): forget whatever an earlier
 * session in this browser had cached, take the answer as the session and open the app.
 */
export function useEnterApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    (me: Me) => {
      queryClient.clear();
      resetPosition();
      queryClient.setQueryData(meQueryOptions.queryKey, me);
      void navigate("/dashboard", { replace: true });
    },
    [queryClient, navigate],
  );
}
