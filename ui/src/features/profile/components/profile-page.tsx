import { ErrorState } from "@/components/error-state";
import { PageHeader } from "@/components/page-header";
import { RoleBadge } from "@/components/role-badge";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgencyTimeZone } from "@/api/get-agency-time-zone";
import { useProfile } from "@/api/get-profile";
import { CalendarFeedCard } from "./calendar-feed-card.tsx";
import { ChangePasswordForm } from "./change-password-form.tsx";
import { ProfileDetailsForm } from "./profile-form.tsx";

/** /profile (every approved colleague): name, time zone, signature, the calendar feed, and the password. */
export function ProfilePage() {
  const profile = useProfile();
  const agencyTimeZone = useAgencyTimeZone();
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title="Profile" description="How colleagues see you in the CRM, and how you sign in." />
      {profile.error ? (
        <ErrorState title="Could not load your profile" error={profile.error} onRetry={() => void profile.refetch()} />
      ) : !profile.data ? (
        <div className="grid gap-6" role="status" aria-label="Loading your profile">
          <Skeleton className="h-96 rounded-xl" />
          <Skeleton className="h-64 rounded-xl" />
        </div>
      ) : (
        <>
          <Card>
            <CardHeader>
              <CardTitle>Your details</CardTitle>
              <CardDescription>Your email and role are set by the agency; a Partner can change your role.</CardDescription>
            </CardHeader>
            <CardContent className="grid gap-6">
              <dl className="grid grid-cols-[auto_1fr] items-center gap-x-6 gap-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
                <dt className="text-muted-foreground">Email</dt>
                <dd className="font-medium break-all">{profile.data.email}</dd>
                <dt className="text-muted-foreground">Role</dt>
                <dd>
                  <RoleBadge role={profile.data.role} />
                </dd>
              </dl>
              <ProfileDetailsForm profile={profile.data} agencyTimeZone={agencyTimeZone} />
            </CardContent>
          </Card>
          {/* An Auditor organises no meeting, and the server turns on no feed of theirs (docs/product.md, "Roles"). */}
          {profile.data.role !== "Auditor" && <CalendarFeedCard />}
          <Card>
            <CardHeader>
              <CardTitle>Change password</CardTitle>
              <CardDescription>Changing it signs you out on every other device; this one stays signed in.</CardDescription>
            </CardHeader>
            <CardContent>
              <ChangePasswordForm email={profile.data.email} displayName={profile.data.displayName} />
            </CardContent>
          </Card>
        </>
      )}
    </div>
  );
}
