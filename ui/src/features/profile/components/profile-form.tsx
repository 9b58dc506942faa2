import { FormProvider } from "react-hook-form";
import { z } from "zod/mini";
import type { Profile } from "@crm/contracts/user/answers";
import { DisplayName, isTimeZone, SIGNATURE_MAX } from "@crm/contracts/user/commands";
import { TextareaField, TextField, useMutationForm } from "@/components/form";
import { Button } from "@/components/ui/button";
import { toast } from "@/lib/toast";
import { useUpdateProfile } from "../api/update-profile.ts";
import { canonicalTimeZone } from "../utils/time-zones.ts";
import { TimeZoneField } from "./time-zone-field.tsx";

/**
 * What the fields hold: the body's rules (contracts/src/user/commands.ts, ProfileBody), with the
 * time zone as text where empty means the agency's zone (null in the body).
 */
const ProfileForm = z.object({
  displayName: DisplayName,
  timeZone: z.string().check(
    z.trim(),
    z.refine((zone) => zone === "" || isTimeZone(zone), "Choose a time zone from the list"),
  ),
  signature: z.string().check(z.maxLength(SIGNATURE_MAX, `At most ${SIGNATURE_MAX} characters`)),
});
type ProfileForm = z.infer<typeof ProfileForm>;

const valuesOf = (profile: Profile): ProfileForm => ({
  displayName: profile.displayName,
  timeZone: profile.timeZone ?? "",
  signature: profile.signature,
});

/** Display name, time zone and email signature, saved together. */
export function ProfileDetailsForm({ profile, agencyTimeZone }: { profile: Profile; agencyTimeZone: string | undefined }) {
  const update = useUpdateProfile();
  const form = useMutationForm({
    schema: ProfileForm,
    defaultValues: valuesOf(profile),
    submit: ({ displayName, timeZone, signature }: ProfileForm) =>
      update.mutateAsync({ displayName, timeZone: timeZone === "" ? null : canonicalTimeZone(timeZone), signature }),
    failure: { title: "Profile Not Saved", fallback: "Your changes could not be saved. Please try again." },
    onSuccess: (saved) => {
      form.reset(valuesOf(saved));
      toast({ title: "Profile Saved", description: "Your changes are saved." });
    },
  });
  const signature = form.watch("signature") ?? "";
  return (
    <FormProvider {...form}>
      <form onSubmit={form.onSubmit} noValidate className="grid gap-5" aria-label="Your details">
        <TextField<ProfileForm> name="displayName" label="Display name" autoComplete="name" required />
        <TimeZoneField<ProfileForm> name="timeZone" agencyTimeZone={agencyTimeZone} />
        <TextareaField<ProfileForm>
          name="signature"
          label="Email signature"
          rows={5}
          placeholder={`${profile.displayName}\n${profile.role}`}
          hint={
            <p className="flex justify-between gap-4 text-xs text-muted-foreground">
              <span>Added under the emails you send from the CRM. Plain text.</span>
              <span className={signature.length > SIGNATURE_MAX ? "font-medium whitespace-nowrap text-destructive" : "whitespace-nowrap"}>
                {signature.length.toLocaleString("en-US")} / {SIGNATURE_MAX.toLocaleString("en-US")}
              </span>
            </p>
          }
        />
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            disabled={!form.formState.isDirty || form.pending}
            onClick={() => form.reset(valuesOf(profile))}
          >
            Discard
          </Button>
          <Button type="submit" disabled={!form.formState.isDirty || form.pending}>
            {form.pending ? "Saving…" : "Save Changes"}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
