import { adviceOf, PASSWORD_MIN_SCORE } from "@crm/contracts/auth/password-policy";
import { cn } from "@/lib/utils";
import { usePasswordStrength } from "./use-password-strength.ts";

const LABELS = ["Too weak", "Too weak", "Too weak", "Good", "Strong"] as const;

export interface PasswordStrengthMeterProps {
  password: string;
  email: string;
}

/** Four bars and a word for a new password's zxcvbn score, with the library's advice while it is too weak. */
export function PasswordStrengthMeter({ password, email }: PasswordStrengthMeterProps) {
  const strength = usePasswordStrength(password, email ? [email] : []);
  if (!strength) return null;
  const enough = strength.score >= PASSWORD_MIN_SCORE; // below it the server refuses the password
  const advice = enough ? [] : adviceOf(strength);
  return (
    <div className="grid gap-1" aria-live="polite">
      <div className="flex gap-1" aria-hidden="true">
        {[1, 2, 3, 4].map((bar) => (
          <span
            key={bar}
            className={cn("h-1 flex-1 rounded-full bg-muted", strength.score >= bar && (enough ? "bg-emerald-500" : "bg-amber-500"))}
          />
        ))}
      </div>
      <p className="text-xs text-muted-foreground">
        Strength: <span className="font-medium text-foreground">{LABELS[strength.score] ?? "Too weak"}</span>
        {advice.length > 0 && <> — {advice.join(" ")}</>}
      </p>
    </div>
  );
}
