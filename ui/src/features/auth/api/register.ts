import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { User } from "@crm/contracts/user/answers";
import type { RegisterBody } from "@crm/contracts/user/user";
import { apiRequest, HttpError } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";
import { toast } from "@/lib/toast";

/** What the command answers: the staff record it created. */
const Registered = positioned(User);

/** POST /api/auth/register: the access request; the gate then shows /pending (or the app for the first Partner). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: RegisterBody) => apiRequest("POST", "/api/auth/register", registration, Registered),
    onSuccess: ({ position: _position, version: _version, ...user }) => {
      toast({
        title: "Registration Successful",
        description: user.approved
          ? `You are the first member of this CRM, so your account is approved as ${user.role}.`
          : "Your account is pending approval from a Partner.",
      });
      queryClient.setQueryData(meQueryOptions.queryKey, (me) => (me ? { ...me, user } : me));
    },
    onError: (error) => {
      if (error instanceof HttpError && error.status === 401) {
        toast({ variant: "destructive", title: "Authentication Required", description: "Please sign in first." });
        void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
        return;
      }
      // A refusal that says why (asked again too soon after a rejection, already asked) is shown as it is.
      const said = error instanceof HttpError && (error.status === 409 || error.status === 429) ? error.detail : undefined;
      toast({ variant: "destructive", title: "Registration Failed", description: said ?? "Failed to register. Please try again." });
    },
  });
}
