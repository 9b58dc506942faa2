import { Link2Off } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardDescription, CardHeader } from "@/components/ui/card";
import { useDocumentTitle } from "@/lib/use-document-title";

/** What a mailed link that no longer works shows: why, and where to go instead. */
export function DeadLinkCard({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Card className="shadow-md" role="alert" aria-labelledby="dead-link-title">
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-destructive/10">
          <Link2Off className="size-6 text-destructive" aria-hidden="true" />
        </span>
        <h1 id="dead-link-title" className="text-xl font-semibold tracking-tight">
          {title}
        </h1>
        <CardDescription>{children}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-2">{actions}</CardContent>
    </Card>
  );
}
