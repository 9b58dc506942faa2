import { useMutation, useQueryClient } from "@tanstack/react-query";
import { positioned } from "@crm/contracts/api/command-result";
import { Profile } from "@crm/contracts/user/answers";
import type { ProfileBody } from "@crm/contracts/user/commands";
import { apiRequest } from "@/lib/api-client";
import { profileQueryOptions } from "@/api/get-profile";

const Saved = positioned(Profile);

/** PATCH /api/profile: the answer is the profile as saved; the name also shows in the shell (["me"]) and on the Team page. */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProfileBody): Promise<Profile> => {
      const { position: _position, version: _version, ...profile } = await apiRequest("PATCH", "/api/profile", body, Saved);
      return profile;
    },
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions.queryKey, profile);
      void queryClient.invalidateQueries({ queryKey: ["me"] });
      void queryClient.invalidateQueries({ queryKey: ["users"] });
    },
  });
}
