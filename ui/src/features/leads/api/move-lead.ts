import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Lead } from "@crm/contracts/lead/lead";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { applyMove, type LeadMove } from "../utils/board-columns.ts";
import { CONFLICT_TEXT, errorMessage, invalidateLead, isConflict } from "./lead-mutations.ts";

/**
 * POST /api/leads/{id}/move, shown at once: every cached board list takes the move before the call
 * (synchronously, so the dropped card never jumps back for a frame), and gets its old value back
 * with a destructive toast if the server refuses.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useCallback(
    (move: LeadMove) => {
      void queryClient.cancelQueries({ queryKey: ["leads"] });
      const before = queryClient.getQueriesData<Lead[]>({ queryKey: ["leads"] });
      for (const [key, leads] of before) if (leads) queryClient.setQueryData(key, applyMove(leads, move));
      const { leadId, ...body } = move;
      apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/move`, body).then(
        () => invalidateLead(queryClient, leadId),
        (error: unknown) => {
          for (const [key, leads] of before) queryClient.setQueryData(key, leads);
          toast({
            variant: "destructive",
            title: "Move Failed",
            description: isConflict(error) ? CONFLICT_TEXT : errorMessage(error, "Failed to move the lead. Please try again."),
          });
          invalidateLead(queryClient, leadId);
        },
      );
    },
    [queryClient],
  );
}
