import { useMutation, useQueryClient } from "@tanstack/react-query";
import { AgencySettings } from "@crm/contracts/settings/settings";
import { settingsQueryOptions } from "@/api/get-settings";
import { AnswerShapeError, apiRequest, HttpError, type FieldError } from "@/lib/api-client";

/** A refused upload as the API client raises any failure: status, the problem's detail and title, its fields. */
async function failure(res: Response): Promise<HttpError> {
  const text = await res.text();
  let problem: { detail?: unknown; title?: unknown; errors?: unknown } = {};
  try {
    problem = JSON.parse(text) as typeof problem;
  } catch {
    // not a problem document: the text is the message
  }
  const fields = Array.isArray(problem.errors) ? (problem.errors as FieldError[]) : [];
  return new HttpError(
    res.status,
    text || res.statusText,
    typeof problem.detail === "string" ? problem.detail : text || undefined,
    typeof problem.title === "string" ? problem.title : undefined,
    fields,
  );
}

/** POST /api/settings/logo: the image as the multipart field "file" (the server checks its type, size and bytes). */
export async function uploadLogo(file: File): Promise<AgencySettings> {
  const body = new FormData();
  body.append("file", file);
  const res = await fetch("/api/settings/logo", { method: "POST", credentials: "include", body });
  if (!res.ok) throw await failure(res);
  const parsed = AgencySettings.safeParse(await res.json().catch(() => null));
  if (!parsed.success) throw new AnswerShapeError("POST", "/api/settings/logo", parsed.error.issues);
  return parsed.data;
}

function useLogoMutation<I>(mutationFn: (input: I) => Promise<AgencySettings>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (settings) => {
      queryClient.setQueryData(settingsQueryOptions.queryKey, settings);
      void queryClient.invalidateQueries({ queryKey: ["branding"] });
    },
  });
}

/** Uploads a new logo (Partner). */
export const useUploadLogo = () => useLogoMutation(uploadLogo);

/** DELETE /api/settings/logo: back to the product's mark (Partner). */
export const useRemoveLogo = () => useLogoMutation(() => apiRequest("DELETE", "/api/settings/logo", undefined, AgencySettings));
