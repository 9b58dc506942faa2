import { useMutation } from "@tanstack/react-query";
import { TaskResult } from "@crm/contracts/creative/answers";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { apiRequest } from "@/lib/api-client";
import { useRefreshCreative } from "./creative-mutations.ts";

/** POST /api/creative-tasks/:id/start: a todo task moves to In Progress. */
export function useStartTask() {
  const refresh = useRefreshCreative();
  return useMutation({
    mutationFn: (task: CreativeTask) =>
      apiRequest("POST", `/api/creative-tasks/${encodeURIComponent(task.id)}/start`, undefined, TaskResult),
    onSuccess: (_answer, task) => refresh(task.leadId),
  });
}
