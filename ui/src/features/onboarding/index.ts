// The onboarding feature's public face (docs/decisions/046-ui-by-feature.md): its screen, the director
// dialog (loading its code the first time it opens) and the lead page's client-link card.
import { lazyDialog } from "@/components/lazy-dialog";

export { ClientLinkCard } from "./components/client-link-card.tsx";
export { OnboardingPage, type QuickActionsSlot } from "./components/onboarding-page.tsx";

export const AssignDirectorDialog = lazyDialog(() => import("./components/assign-director-dialog.tsx").then((m) => m.AssignDirectorDialog));
