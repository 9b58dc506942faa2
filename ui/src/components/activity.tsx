import {
  Calendar,
  CheckCircle2,
  FileSignature,
  FileText,
  Mail,
  MessageSquare,
  Palette,
  Send,
  StickyNote,
  Upload,
  UserCheck,
  XCircle,
  type LucideIcon,
} from "lucide-react";
import type { Activity } from "@crm/contracts/activity/activity";
import { timeAgo } from "@/lib/format";

/** The icon each kind of activity is shown with, wherever a timeline lists them. */
export const ACTIVITY_ICONS: Record<Activity["type"], LucideIcon> = {
  email: Mail,
  meeting: Calendar,
  proposal: FileText,
  contract: FileSignature,
  assignment: UserCheck,
  note: StickyNote,
  email_sent: Send,
  sms_sent: MessageSquare,
  content_submitted: Upload,
  content_approved: CheckCircle2,
  content_rejected: XCircle,
  creative_request: Palette,
};

/** An activity's "… ago · who" line. */
export function ActivityWhen({ createdAt, userLabel }: Pick<Activity, "createdAt" | "userLabel">) {
  return (
    <p className="text-xs text-muted-foreground">
      <time dateTime={createdAt}>{timeAgo(createdAt)}</time>
      {userLabel && <> · {userLabel}</>}
    </p>
  );
}
