import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { apiRequest, errorMessage, resetPosition } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";
import { toast } from "@/lib/toast";

/** POST /api/auth/sign-out, then forget every cached answer (docs/product.md, "Shell and navigation") and go to /login. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => apiRequest("POST", "/api/auth/sign-out"),
    onSuccess: () => {
      queryClient.clear();
      resetPosition();
      queryClient.setQueryData(meQueryOptions.queryKey, null);
      void navigate("/login", { replace: true });
    },
    onError: (error) => toast({ variant: "destructive", title: "Sign Out Failed", description: errorMessage(error, "Please try again.") }),
  });
}
