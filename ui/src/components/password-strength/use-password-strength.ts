import { useEffect, useState } from "react";
import type { PasswordVerdict } from "@crm/contracts/auth/password-policy";
import type { scorePassword } from "./password-scorer.ts";

type Scorer = { scorePassword: typeof scorePassword };
let loading: Promise<Scorer> | undefined;

/** The zxcvbn score of a new password; the scorer is fetched at the first non-empty password only. */
export function usePasswordStrength(password: string, userInputs: string[]): PasswordVerdict | undefined {
  const [scored, setScored] = useState<{ password: string; score: PasswordVerdict }>();
  const inputs = userInputs.join("\n");
  useEffect(() => {
    if (!password) return;
    let current = true;
    loading ??= import("./password-scorer.ts");
    loading.then(
      (scorer) => {
        if (current) setScored({ password, score: scorer.scorePassword(password, inputs.split("\n")) });
      },
      () => {
        loading = undefined; // no meter this time; the server still scores the password
      },
    );
    return () => {
      current = false;
    };
  }, [password, inputs]);
  return password && scored?.password === password ? scored.score : undefined;
}
