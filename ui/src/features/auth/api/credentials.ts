import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { meQueryOptions, type Me } from "@/lib/session";
import { toast } from "@/lib/toast";

export type CredentialsMode = "sign-in" | "sign-up";

export interface Credentials {
  email: string;
  password: string;
}

/** The password rule of our own identity provider (auth contract: 8..256 characters). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

const FAILED_TITLE: Record<CredentialsMode, string> = { "sign-in": "Sign In Failed", "sign-up": "Sign Up Failed" };

/** POST /api/auth/sign-in or /sign-up; the answer is the new session, which moves the route gate on. */
export function useCredentials(mode: CredentialsMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => apiRequest<Me>("POST", `/api/auth/${mode}`, credentials),
    onSuccess: (me) => {
      if (mode === "sign-up") toast({ title: "Account Created", description: "Now tell us who you are to request access." });
      queryClient.setQueryData(meQueryOptions.queryKey, me);
    },
    onError: (error) =>
      toast({
        variant: "destructive",
        title: FAILED_TITLE[mode],
        description: errorMessage(error, "Please check your credentials and try again."),
      }),
  });
}
