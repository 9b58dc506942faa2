import { useQueryClient } from "@tanstack/react-query";

/** After a creative command: both lists, and the lead's timeline that records it. */
export function useRefreshCreative() {
  const queryClient = useQueryClient();
  return (leadId: string) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ["content-submissions"] }),
      queryClient.invalidateQueries({ queryKey: ["creative-tasks"] }),
      queryClient.invalidateQueries({ queryKey: ["activities", leadId] }),
    ]);
}
