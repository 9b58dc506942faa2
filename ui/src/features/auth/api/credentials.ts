import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest, errorMessage, HttpError } from "@/lib/api-client";
import { meQueryOptions, type Me } from "@/lib/session";
import { toast } from "@/lib/toast";

export type CredentialsMode = "sign-in" | "sign-up";

export interface Credentials {
  email: string;
  password: string;
}

/** The password rule of our own identity provider, as the server checks it. */
export { PASSWORD_MAX as PASSWORD_MAX_LENGTH, PASSWORD_MIN as PASSWORD_MIN_LENGTH } from "@crm/contracts/auth/password-policy";

const FAILED_TITLE: Record<CredentialsMode, string> = { "sign-in": "Sign In Failed", "sign-up": "Sign Up Failed" };

/** What a problem+json refusal says about one field (a 400's `errors`), if it names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  try {
    const problem = JSON.parse(error.message.slice(error.message.indexOf(": ") + 2)) as { errors?: unknown };
    const errors = Array.isArray(problem.errors) ? (problem.errors as { field?: unknown; message?: unknown }[]) : [];
    const message = errors.find((e) => e.field === field)?.message;
    return typeof message === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

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
      // A refused password is shown under its field (CredentialsForm), not in a toast.
      fieldMessage(error, "password") === undefined &&
      toast({
        variant: "destructive",
        title: FAILED_TITLE[mode],
        description: errorMessage(error, "Please check your credentials and try again."),
      }),
  });
}
