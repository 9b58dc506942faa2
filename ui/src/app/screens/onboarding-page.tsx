import { OnboardingPage, type QuickActionsSlot } from "@/features/onboarding";
import { QuickActions } from "./quick-actions.tsx";

const quickActions: QuickActionsSlot = (client) => <QuickActions client={client} />;

/** /onboarding: the onboarding screen, whose quick actions send the leads feature's forms and meetings. */
export function OnboardingScreen() {
  return <OnboardingPage quickActions={quickActions} />;
}
