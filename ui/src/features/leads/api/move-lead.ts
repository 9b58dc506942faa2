import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { positioned } from "@crm/contracts/api/command-result";
import { Lead, type LeadBoard } from "@crm/contracts/lead/answers";
import { DEFAULT_STAGE_PROBABILITIES } from "@crm/contracts/lead/stages";
import { settingsQueryOptions } from "@/api/get-settings";
import { apiRequest } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { applyBoardMove, applyMove, type LeadMove, type StageProbabilities } from "../utils/board-columns.ts";
import { CONFLICT_TEXT, errorMessage, invalidateLead, isConflict } from "./lead-mutations.ts";

/** What the route answers (command-service lead.routes): the moved lead with its log position. */
const MovedLead = positioned(Lead);

/** A cached ["leads", …] answer with the move applied: a list (search, export) or a paged board. */
function withMove(data: Lead[] | LeadBoard, move: LeadMove, defaults: StageProbabilities) {
  return Array.isArray(data) ? applyMove(data, move) : applyBoardMove(data, move, defaults);
}

/**
 * POST /api/leads/{id}/move, shown at once: every cached board and list takes the move before the call
 * (synchronously, so the dropped card never jumps back for a frame), and gets its old value back
 * with a destructive toast if the server refuses.
 */
export function useMoveLead() {
  const queryClient = useQueryClient();
  return useCallback(
    (move: LeadMove) => {
      void queryClient.cancelQueries({ queryKey: ["leads"] });
      const before = queryClient.getQueriesData<Lead[] | LeadBoard>({ queryKey: ["leads"] });
      const defaults = queryClient.getQueryData(settingsQueryOptions.queryKey)?.stageProbabilities ?? DEFAULT_STAGE_PROBABILITIES;
      for (const [key, data] of before) if (data) queryClient.setQueryData(key, withMove(data, move, defaults));
      const { leadId, ...body } = move;
      apiRequest("POST", `/api/leads/${encodeURIComponent(leadId)}/move`, body, MovedLead).then(
        () => invalidateLead(queryClient, leadId),
        (error: unknown) => {
          for (const [key, data] of before) queryClient.setQueryData(key, data);
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
