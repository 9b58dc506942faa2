import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import type { LeadPriority } from "@crm/contracts/lead/lead";
import { Lead } from "@crm/contracts/lead/answers";
import { apiGet } from "@/lib/api-client";
import { shareLeads } from "../utils/share-leads.ts";

/** What the route answers (read-api leads.routes: an array of the contract's Lead). */
const Leads = array(Lead);

export interface LeadsFilter {
  search?: string;
  priority?: LeadPriority;
  /** Only the leads the signed-in person owns. */
  mine?: boolean;
  /** Only the leads this colleague owns (a user id); ignored when mine is set. */
  owner?: string;
}

/** The filter without its empty parts, so the unfiltered board shares the key ["leads", {}]. */
export function normalizeFilter(filter: LeadsFilter): LeadsFilter {
  const normalized: LeadsFilter = {};
  if (filter.search) normalized.search = filter.search;
  if (filter.priority) normalized.priority = filter.priority;
  if (filter.mine) normalized.mine = true;
  else if (filter.owner) normalized.owner = filter.owner;
  return normalized;
}

/** The filter as query parameters (GET /api/leads and GET /api/leads/board take the same). */
export function filterParams(filter: LeadsFilter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.search) params.set("search", filter.search);
  if (filter.priority) params.set("priority", filter.priority);
  if (filter.mine) params.set("mine", "true");
  else if (filter.owner) params.set("owner", filter.owner);
  return params;
}

function leadsUrl(filter: LeadsFilter): string {
  const query = filterParams(filter).toString();
  return query ? `/api/leads?${query}` : "/api/leads";
}

/** GET /api/leads[?search=&priority=&mine=true|owner=] in column order: key ["leads", filter], refreshed by the "leads" topic. */
export function leadsQueryOptions(filter: LeadsFilter = {}) {
  const normalized = normalizeFilter(filter);
  return queryOptions({
    queryKey: ["leads", normalized],
    queryFn: async ({ signal }) => (await apiGet(leadsUrl(normalized), Leads, signal)) ?? [],
    structuralSharing: shareLeads,
  });
}

/** The leads matching the filter. */
export function useLeads(filter: LeadsFilter = {}, enabled = true) {
  return useQuery({ ...leadsQueryOptions(filter), enabled });
}
