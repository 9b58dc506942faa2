import { queryOptions, useQuery } from "@tanstack/react-query";
import { array } from "zod/mini";
import { CreativeTask } from "@crm/contracts/creative/answers";
import { apiGet } from "@/lib/api-client";
import { listPath } from "./list-path.ts";

/** The answer of GET /api/creative-tasks, as the route declares it (read-api creative.routes). */
const Tasks = array(CreativeTask);

/** GET /api/creative-tasks(?leadId=): filtered by the server to what the user may see. */
export const tasksQueryOptions = (leadId?: string) =>
  queryOptions({
    queryKey: ["creative-tasks", leadId ?? "all"],
    queryFn: async ({ signal }) => (await apiGet(listPath("/api/creative-tasks", leadId), Tasks, signal)) ?? [],
  });

/** One client's tasks, or every one the user may see. */
export const useTasks = (leadId?: string) => useQuery(tasksQueryOptions(leadId));
