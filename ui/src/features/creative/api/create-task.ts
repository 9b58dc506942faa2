import { useMutation } from "@tanstack/react-query";
import { TaskResult } from "@crm/contracts/creative/answers";
import type { CreateTaskBody } from "@crm/contracts/creative/task";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

/** POST /api/creative-tasks (attachments are uploaded first); answers the new task's status. */
export function useCreateTask() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: (body: CreateTaskBody) => apiRequest("POST", "/api/creative-tasks", body, TaskResult),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}
