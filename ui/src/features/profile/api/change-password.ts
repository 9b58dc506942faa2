import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@crm/contracts/auth/commands";
import { apiRequest } from "@/lib/api-client";

/** POST /api/profile/password: answers 204; this session stays, every other one of the account ends. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest("POST", "/api/profile/password", body),
  });
}
