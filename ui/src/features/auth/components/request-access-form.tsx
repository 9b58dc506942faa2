import { useState, type FormEvent } from "react";
import { USER_ROLES } from "@crm/contracts/user/answers";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import type { Role } from "@/lib/session";
import { toast } from "@/lib/toast";
import { useRegister } from "../api/register.ts";

const ROLE_HINTS: Record<Role, string> = {
  Partner: "Runs the agency: every page, including approvals.",
  "Project Manager": "Moves leads through the pipeline and onboarding.",
  "Creative Director": "Works with assigned clients, content and tasks.",
  Auditor: "Reads everything, changes nothing; every read is recorded.",
};

/** The Request Access step: a display name and a role, then Register. */
export function RequestAccessForm({ email }: { email: string }) {
  const [displayName, setDisplayName] = useState(() => email.split("@")[0] ?? "");
  const [role, setRole] = useState<Role | "">("");
  const register = useRegister();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!role) {
      toast({ variant: "destructive", title: "Role Required", description: "Please select a role to continue." });
      return;
    }
    if (!displayName.trim()) {
      toast({ variant: "destructive", title: "Name Required", description: "Please enter the name your colleagues know you by." });
      return;
    }
    register.mutate({ displayName: displayName.trim(), role });
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-2">
        <Label htmlFor="display-name">Display name</Label>
        <Input
          id="display-name"
          autoComplete="name"
          aria-required="true"
          value={displayName}
          onChange={(e) => setDisplayName(e.target.value)}
        />
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium">Your role</legend>
        <RadioGroup value={role} onValueChange={(value) => setRole(value as Role)} aria-required="true">
          {USER_ROLES.map((option) => (
            <Label
              key={option}
              htmlFor={`role-${option}`}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
            >
              <RadioGroupItem id={`role-${option}`} value={option} className="mt-0.5" />
              <span className="grid gap-1">
                <span className="font-medium">{option}</span>
                <span className="text-xs leading-snug text-muted-foreground">{ROLE_HINTS[option]}</span>
              </span>
            </Label>
          ))}
        </RadioGroup>
      </fieldset>
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? "Registering…" : "Register"}
      </Button>
    </form>
  );
}
