import { useMutation } from "@tanstack/react-query";
import { TaskResult } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

/** POST /api/creative-tasks/:id/cancel (no reason asked): an open task is dropped for good. */
export function useCancelTask() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: (task: CreativeTask) =>
      apiRequest("POST", `/api/creative-tasks/${encodeURIComponent(task.id)}/cancel`, undefined, TaskResult),
    onSuccess: (_answer, task) => refresh(task.leadId),
  });
}
