import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AgencySettings, type SettingsBody } from "@crm/contracts/settings/settings";
import { settingsQueryOptions } from "@/api/get-settings";
import { apiRequest } from "@/lib/api-client";

/** PATCH /api/settings (Partner): the changed settings; the answer is the agency's settings as they now stand. */
export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsBody) => apiRequest("PATCH", "/api/settings", body, AgencySettings),
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ["branding"] });
    },
  });
}
