import type { Lead } from "@crm/contracts/lead/answers";

/** A lead as GET /api/leads answers it, with the given fields changed. */
export const aLead = (over: Partial<Lead> = {}): Lead => ({
  id: "00000000-0000-4000-8000-000000000001",
  name: "Ava Stone",
  business: "Stone & Co",
  email: "ava@stone.test",
  phone: null,
  stage: "New Lead",
  source: null,
  priority: "medium",
  proposalLink: null,
  contractStatus: null,
  notes: null,
  lastActivity: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
  createdBy: "system",
  assignedTo: null,
  creativeDirectorId: null,
  version: 1,
  ...over,
});
