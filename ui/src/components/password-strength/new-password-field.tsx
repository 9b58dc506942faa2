import type { ReactNode } from "react";
import { useWatch, type FieldValues, type Path } from "react-hook-form";
import { PASSWORD_MIN } from "@crm/contracts/auth/password-policy";
import { FormField } from "@/components/form";
import { Input } from "@/components/ui/input";
import { PasswordStrengthMeter } from "./password-strength-meter.tsx";

export interface NewPasswordFieldProps<V extends FieldValues> {
  name: Path<V>;
  label: ReactNode;
  /** The person's email (and name), which a strong password should not lean on. */
  userInputs?: string;
}

/** A new password in a form of the kit: the input, the rule and the strength meter rated as the server rates it. */
export function NewPasswordField<V extends FieldValues>({ name, label, userInputs = "" }: NewPasswordFieldProps<V>) {
  const password = useWatch<V>({ name }) as string | undefined;
  return (
    <FormField<V>
      name={name}
      label={label}
      hint={
        <>
          <p className="text-xs text-muted-foreground">
            Use at least {PASSWORD_MIN} characters; a few unrelated words are strong, a word with a number is not.
          </p>
          <PasswordStrengthMeter password={password ?? ""} email={userInputs} />
        </>
      }
      render={({ value, onChange, ...control }) => (
        <Input
          {...control}
          type="password"
          autoComplete="new-password"
          value={(value as string) ?? ""}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    />
  );
}
