import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/lib/toast";
import { fieldMessage, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, useCredentials, type CredentialsMode } from "../hooks/use-credentials.ts";
import { PasswordStrengthMeter } from "@/components/password-strength/password-strength-meter";

const SUBMIT: Record<CredentialsMode, [idle: string, busy: string]> = {
  "sign-in": ["Sign In", "Signing in…"],
  "sign-up": ["Sign Up", "Creating account…"],
};

/** Email and password, for signing in or creating an account. */
export function CredentialsForm({ mode }: { mode: CredentialsMode }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const credentials = useCredentials(mode);
  const hintId = `${id}-password-hint`;
  const errorId = `${id}-password-error`;
  const passwordError = mode === "sign-up" ? fieldMessage(credentials.error, "password") : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({ variant: "destructive", title: "Missing Information", description: "Please enter both email and password." });
      return;
    }
    if (mode === "sign-up" && (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH)) {
      toast({
        variant: "destructive",
        title: "Sign Up Failed",
        description: `Password must be ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters long.`,
      });
      return;
    }
    credentials.mutate({ email: email.trim(), password });
  };

  const [idle, busy] = SUBMIT[mode];
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-email`}>Email</Label>
        <Input
          id={`${id}-email`}
          type="email"
          autoComplete="email"
          aria-required="true"
          placeholder="you@agency.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-password`}>Password</Label>
        <Input
          id={`${id}-password`}
          type="password"
          autoComplete={mode === "sign-in" ? "current-password" : "new-password"}
          aria-required="true"
          aria-describedby={mode === "sign-up" ? (passwordError ? `${errorId} ${hintId}` : hintId) : undefined}
          aria-invalid={passwordError ? true : undefined}
          value={password}
          onChange={(e) => {
            setPassword(e.target.value);
            if (passwordError) credentials.reset();
          }}
        />
        {passwordError && (
          <p id={errorId} role="alert" className="text-xs text-destructive">
            {passwordError}
          </p>
        )}
        {mode === "sign-up" && (
          <>
            <p id={hintId} className="text-xs text-muted-foreground">
              Use at least {PASSWORD_MIN_LENGTH} characters; a few unrelated words are strong, a word with a number is not.
            </p>
            <PasswordStrengthMeter password={password} email={email.trim()} />
          </>
        )}
      </div>
      <Button type="submit" className="w-full" disabled={credentials.isPending}>
        {credentials.isPending ? busy : idle}
      </Button>
    </form>
  );
}
