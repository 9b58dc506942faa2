import type { Lead } from "@crm/contracts/lead/answers";

/** What the shared lead dialogs need to know about the lead they act on. */
export type LeadRef = Pick<Lead, "id" | "name" | "email">;
