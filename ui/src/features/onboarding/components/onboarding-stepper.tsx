import { Check } from "lucide-react";
import { ONBOARDING_STEPS, stepStatus, type StepStatus } from "@crm/contracts/onboarding/steps";
import { cn } from "@/lib/utils";

const STATUS_TEXT: Record<StepStatus, string> = { completed: "Completed", current: "Current", pending: "Pending" };

/** Form Sent, Meeting Scheduled, Director Assigned, Active Client: completed, current or pending from the stage (docs/product.md, "Onboarding"). */
export function OnboardingStepper({ stage }: { stage: string }) {
  return (
    <ol className="grid gap-4 sm:grid-cols-4 sm:gap-2" aria-label="Onboarding progress">
      {ONBOARDING_STEPS.map((step, index) => {
        const status = stepStatus(stage, step.stage);
        return (
          <li
            key={step.label}
            data-status={status}
            aria-current={status === "current" ? "step" : undefined}
            className="relative flex items-center gap-3 sm:flex-col sm:items-center sm:text-center"
          >
            {index > 0 && (
              <span
                aria-hidden="true"
                className={cn(
                  "absolute hidden h-0.5 sm:top-4 sm:right-[calc(50%+1.25rem)] sm:left-[calc(-50%+1.25rem)] sm:block",
                  status === "pending" ? "bg-border" : "bg-primary",
                )}
              />
            )}
            <span
              aria-hidden="true"
              className={cn(
                "relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full border-2 text-sm font-semibold",
                status === "completed" && "border-primary bg-primary text-primary-foreground",
                status === "current" && "border-primary bg-background text-primary ring-4 ring-primary/15",
                status === "pending" && "border-border bg-background text-muted-foreground",
              )}
            >
              {status === "completed" ? <Check className="size-4" /> : index + 1}
            </span>
            <span className="grid gap-0.5">
              <span className={cn("text-sm font-medium", status === "pending" && "text-muted-foreground")}>{step.label}</span>
              <span className={cn("text-xs", status === "current" ? "text-primary" : "text-muted-foreground")}>{STATUS_TEXT[status]}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
