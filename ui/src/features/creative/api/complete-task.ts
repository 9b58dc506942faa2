import { useMutation } from "@tanstack/react-query";
import { TaskResult } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

/** POST /api/creative-tasks/:id/complete: an open task is done, and the server records when. */
export function useCompleteTask() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: (task: CreativeTask) =>
      apiRequest("POST", `/api/creative-tasks/${encodeURIComponent(task.id)}/complete`, undefined, TaskResult),
    onSuccess: (_answer, task) => refresh(task.leadId),
  });
}
