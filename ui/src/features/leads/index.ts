// The leads feature's public face (docs/decisions/046-ui-by-feature.md): the board screen, and the
// lead's own cards, dialogs and reads that app/ composes into the lead page and the onboarding screen.
import type { QueryClient } from "@tanstack/react-query";
import type { RouteObject } from "react-router";
import { prefetchBoard } from "./api/get-board.ts";

export { prefetchLead, useLead } from "./api/get-lead.ts";
export { useLeads } from "./api/get-leads.ts";
export { LeadInformationCard } from "./components/lead-information-card.tsx";
export { MeetingsCard } from "./components/meetings-card.tsx";
export { ConversationCard } from "./components/conversation-card.tsx";
export { QuestionnaireCard } from "./components/questionnaire-card.tsx";
export { RecentActivityCard } from "./components/recent-activity-card.tsx";
export { ClosedLeadBanner } from "./components/closed-leads-banner.tsx";
export {
  ArchiveLeadDialog,
  ChangeOwnerDialog,
  LoseLeadDialog,
  ScheduleMeetingDialog,
  SendEmailDialog,
  SendFormDialog,
  SendSmsDialog,
} from "./components/lazy-dialogs.ts";

/**
 * /leads: the pipeline board, whose data is asked for while its code (and the shell's) loads; with
 * ?view=lost or ?view=archived, the closed leads instead.
 */
export const leadsScreen = (queryClient: QueryClient) =>
  ({
    loader: ({ request }) => {
      if (!new URL(request.url).searchParams.has("view")) prefetchBoard(queryClient);
      return null;
    },
    lazy: () => import("./components/closed-leads-screen.tsx").then((m) => ({ Component: m.LeadsScreen })),
  }) satisfies RouteObject;
