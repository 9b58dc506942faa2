import { useQuery } from "@tanstack/react-query";
import { Clock } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from "@/components/ui/card";
import { meQueryOptions } from "@/lib/session";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useSignOut } from "../api/sign-out.ts";
import { AuthLayout } from "./auth-layout.tsx";

/** How often the waiting screen asks whether it was approved (live notices are for approved staff only). */
const APPROVAL_POLL_MS = 3_000;

/** /pending: the access request waiting for a Partner. The me query refetches on focus and every few seconds. */
export function PendingPage() {
  useDocumentTitle("Pending Approval");
  const { data: me } = useQuery({ ...meQueryOptions, refetchInterval: APPROVAL_POLL_MS });
  const signOut = useSignOut();
  return (
    <AuthLayout>
      <Card className="shadow-md">
        <CardHeader className="justify-items-center text-center">
          <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-warning/15">
            <Clock className="size-6 text-warning" aria-hidden="true" />
          </span>
          <h1 className="text-xl font-semibold tracking-tight">Pending Approval</h1>
          <CardDescription>A Partner needs to approve your account. This page lets you in as soon as they do.</CardDescription>
        </CardHeader>
        <CardContent>
          <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
            <dt className="text-muted-foreground">Email</dt>
            <dd className="font-medium break-all">{me?.email}</dd>
            <dt className="text-muted-foreground">Requested role</dt>
            <dd className="font-medium">{me?.user?.role}</dd>
            <dt className="text-muted-foreground">Status</dt>
            <dd>
              <Badge variant="outline" className="border-warning/50 bg-warning/15 text-foreground">
                Pending
              </Badge>
            </dd>
          </dl>
        </CardContent>
        <CardFooter>
          <Button variant="outline" className="w-full" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign Out
          </Button>
        </CardFooter>
      </Card>
    </AuthLayout>
  );
}
