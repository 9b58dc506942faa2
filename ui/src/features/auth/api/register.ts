import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, HttpError } from "@/lib/api-client";
import { meQueryOptions, type Me, type Role, type User } from "@/lib/session";
import { toast } from "@/lib/toast";

export interface Registration {
  displayName: string;
  role: Role;
}

/** POST /api/auth/register: the access request; the gate then shows /pending (or the app for the first Partner). */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (registration: Registration) => apiRequest<User>("POST", "/api/auth/register", registration),
    onSuccess: (user) => {
      toast({
        title: "Registration Successful",
        description: user.approved
          ? `You are the first member of this CRM, so your account is approved as ${user.role}.`
          : "Your account is pending approval from a Partner.",
      });
      queryClient.setQueryData<Me | null>(meQueryOptions.queryKey, (me) => (me ? { ...me, user } : me));
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
