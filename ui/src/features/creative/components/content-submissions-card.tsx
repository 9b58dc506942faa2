import { Upload } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardAction, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { useCurrentUser } from "@/lib/session";
import { useSubmissions } from "../api/get-submissions.ts";
import { SubmissionList } from "./submission-list.tsx";
import { UploadContentDialog } from "./lazy-dialogs.ts";

export interface CreativeCardProps {
  lead: { id: string; name: string; creativeDirectorId: string | null };
}

/** Who may act on this lead's creative work: Partners, and its own director (the server checks again). */
export function useCanActOnCreative(lead: CreativeCardProps["lead"]): boolean {
  const user = useCurrentUser();
  return user.role === "Partner" || (user.role === "Creative Director" && user.id === lead.creativeDirectorId);
}

/** The lead page's Content Submissions card (only when the lead has a creative director: docs/product.md, "Lead page"). */
export function ContentSubmissionsCard({ lead }: CreativeCardProps) {
  const submissions = useSubmissions(lead.id);
  const canAct = useCanActOnCreative(lead);
  const [uploading, setUploading] = useState(false);
  return (
    <Card data-creative-card="submissions">
      <CardHeader>
        <CardTitle className="text-base">Content Submissions</CardTitle>
        {canAct && (
          <CardAction>
            <Button size="sm" variant="outline" onClick={() => setUploading(true)}>
              <Upload aria-hidden="true" /> Upload
            </Button>
          </CardAction>
        )}
      </CardHeader>
      <CardContent>
        {submissions.isPending ? (
          <Skeleton className="h-20" aria-hidden="true" />
        ) : submissions.error ? (
          <p className="text-sm text-destructive">Could not load the content submissions.</p>
        ) : submissions.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No content submitted yet.</p>
        ) : (
          <SubmissionList submissions={submissions.data} canReview={canAct} />
        )}
      </CardContent>
      {canAct && <UploadContentDialog clients={[lead]} defaultLeadId={lead.id} open={uploading} onOpenChange={setUploading} />}
    </Card>
  );
}
