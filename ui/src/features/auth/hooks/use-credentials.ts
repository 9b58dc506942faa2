import { useMutation, useQueryClient } from "@tanstack/react-query";
import { errorMessage, HttpError } from "@/lib/api-client";
import { meQueryOptions } from "@/lib/session";
import { toast } from "@/lib/toast";
import { signIn, type Credentials } from "../api/sign-in.ts";
import { signUp } from "../api/sign-up.ts";

export type CredentialsMode = "sign-in" | "sign-up";

/** The password rule of our own identity provider, as the server checks it. */
export { PASSWORD_MAX as PASSWORD_MAX_LENGTH, PASSWORD_MIN as PASSWORD_MIN_LENGTH } from "@crm/contracts/auth/password-policy";

const SEND: Record<CredentialsMode, typeof signIn> = { "sign-in": signIn, "sign-up": signUp };
const FAILED_TITLE: Record<CredentialsMode, string> = { "sign-in": "Sign In Failed", "sign-up": "Sign Up Failed" };

/** What a 400 problem says about one field, if it names it. */
export function fieldMessage(error: unknown, field: string): string | undefined {
  return error instanceof HttpError ? error.fieldErrors.find((e) => e.field === field)?.message : undefined;
}

/** Signs in or up; the answer is the new session, which moves the route gate on. */
export function useCredentials(mode: CredentialsMode) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: Credentials) => SEND[mode](credentials),
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
