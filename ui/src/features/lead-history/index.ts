// What the lead-history feature offers app/ to compose: the timeline card, and whether a lead was erased.
export { useLeadHistory } from "./api/get-lead-history.ts";
export { LeadHistoryCard } from "./components/lead-history-card.tsx";
