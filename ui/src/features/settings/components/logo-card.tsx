import { ImageOff, Trash2, Upload } from "lucide-react";
import { useRef } from "react";
import { LOGO_MAX_BYTES, LOGO_TYPES, type AgencySettings } from "@crm/contracts/settings/settings";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useRemoveLogo, useUploadLogo } from "../api/logo.ts";

const KB = Math.round(LOGO_MAX_BYTES / 1024);

/** Why the browser will not send this file, before a byte goes out (the server checks again, bytes included). */
export function logoProblem(file: Pick<File, "type" | "size">): string | undefined {
  if (!(LOGO_TYPES as readonly string[]).includes(file.type)) return "Choose a PNG, JPEG or WebP image.";
  if (file.size > LOGO_MAX_BYTES) return `This image is ${Math.ceil(file.size / 1024)} KB; a logo may be at most ${KB} KB.`;
  return undefined;
}

/** The agency's logo: a preview, Upload (or Replace) and Remove. */
export function LogoCard({ settings }: { settings: AgencySettings }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const busy = upload.isPending || remove.isPending;

  const send = (file: File | undefined) => {
    if (input.current) input.current.value = ""; // the same file may be chosen again
    if (!file) return;
    const problem = logoProblem(file);
    if (problem) return toast({ variant: "destructive", title: "Logo Not Uploaded", description: problem });
    upload.mutate(file, {
      onSuccess: () => toast({ title: "Logo Updated", description: "The new logo shows in the sidebar and on the client questionnaire." }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Logo Not Uploaded", description: errorMessage(error, "The logo could not be uploaded.") }),
    });
  };
  const drop = () =>
    remove.mutate(undefined, {
      onSuccess: () => toast({ title: "Logo Removed", description: "The app shows the agency's name without a logo." }),
      onError: (error) =>
        toast({ variant: "destructive", title: "Logo Not Removed", description: errorMessage(error, "The logo could not be removed.") }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Logo</CardTitle>
        <CardDescription>Shown in the sidebar and on the client questionnaire. PNG, JPEG or WebP, up to {KB} KB.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-lg border bg-muted/40">
          {settings.logoUrl ? (
            <img src={settings.logoUrl} alt={`${settings.agencyName} logo`} className="size-full object-contain p-2" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-muted-foreground">
              <ImageOff className="size-5" aria-hidden="true" />
              No logo
            </span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            type="file"
            accept={LOGO_TYPES.join(",")}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => send(event.target.files?.[0])}
            data-testid="logo-file"
          />
          <Button type="button" variant="outline" disabled={busy} onClick={() => input.current?.click()}>
            <Upload aria-hidden="true" />
            {upload.isPending ? "Uploading..." : settings.logoUrl ? "Replace Logo" : "Upload Logo"}
          </Button>
          {settings.logoUrl && (
            <Button type="button" variant="outline" className="text-destructive hover:text-destructive" disabled={busy} onClick={drop}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? "Removing..." : "Remove Logo"}
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
