import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ContentSubmission, ReviewDecision } from "@crm/contracts/creative/submission";
import type { CreativeTask, TaskPriority } from "@crm/contracts/creative/task";
import { apiGet, apiRequest } from "@/lib/api-client";

const list = (path: string, leadId: string | undefined) => (leadId ? `${path}?leadId=${encodeURIComponent(leadId)}` : path);

/** GET /api/content-submissions(?leadId=): filtered by the server to what the user may see. */
export const submissionsQueryOptions = (leadId?: string) =>
  queryOptions({
    queryKey: ["content-submissions", leadId ?? "all"],
    queryFn: async ({ signal }) => (await apiGet<ContentSubmission[]>(list("/api/content-submissions", leadId), signal)) ?? [],
  });

/** GET /api/creative-tasks(?leadId=). */
export const tasksQueryOptions = (leadId?: string) =>
  queryOptions({
    queryKey: ["creative-tasks", leadId ?? "all"],
    queryFn: async ({ signal }) => (await apiGet<CreativeTask[]>(list("/api/creative-tasks", leadId), signal)) ?? [],
  });

export const useSubmissions = (leadId?: string) => useQuery(submissionsQueryOptions(leadId));
export const useTasks = (leadId?: string) => useQuery(tasksQueryOptions(leadId));

/** After a creative command: the lists and the lead's timeline. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (leadId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["content-submissions"] }),
      queryClient.invalidateQueries({ queryKey: ["creative-tasks"] }),
      queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
    ]);
}

export interface SubmitContentInput {
  leadId: string;
  type: ContentSubmission["type"];
  title: string;
  description: string;
  caption: string;
  fileId: string | null;
}

/** POST /api/content-submissions (the file is uploaded first, with progress). */
export function useSubmitContent() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SubmitContentInput) => apiRequest("POST", "/api/content-submissions", input),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}

/** POST /api/content-submissions/:id/review. */
export function useReviewSubmission() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ submission, decision, reviewNotes }: { submission: ContentSubmission; decision: ReviewDecision; reviewNotes: string }) =>
      apiRequest("POST", `/api/content-submissions/${submission.id}/review`, { decision, reviewNotes }),
    onSuccess: (_answer, { submission }) => refresh(submission.leadId),
  });
}

export interface CreateTaskInput {
  leadId: string;
  title: string;
  description: string;
  priority: TaskPriority;
  dueDate: string;
  notes: string;
  attachments: string[];
}

/** POST /api/creative-tasks. */
export function useCreateTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateTaskInput) => apiRequest("POST", "/api/creative-tasks", input),
    onSuccess: (_answer, { leadId }) => refresh(leadId),
  });
}

export type TaskMove = "start" | "complete" | "cancel";

/** POST /api/creative-tasks/:id/start | complete | cancel. */
export function useMoveTask() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ task, move }: { task: CreativeTask; move: TaskMove }) => apiRequest("POST", `/api/creative-tasks/${task.id}/${move}`),
    onSuccess: (_answer, { task }) => refresh(task.leadId),
  });
}
