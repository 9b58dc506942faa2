import {
  Calendar,
  CheckCircle2,
  FileSignature,
  FileText,
  Mail,
  MessageSquare,
  Palette,
  Phone,
  Reply,
  Send,
  StickyNote,
  Upload,
  UserCheck,
  XCircle,
  type LucideIcon,
} from "lucide-react";
import { activityText, type Activity } from "@crm/contracts/activity/activity";
import { useTimeZone } from "@/api/use-time-zone";
import { cn } from "@/lib/utils";
import { formatDay, timeAgo, todayIn } from "@/lib/format";

/** The icon each kind of activity is shown with, wherever a timeline lists them. */
export const ACTIVITY_ICONS: Record<Activity["type"], LucideIcon> = {
  call: Phone,
  email: Mail,
  meeting: Calendar,
  proposal: FileText,
  contract: FileSignature,
  assignment: UserCheck,
  note: StickyNote,
  email_sent: Send,
  email_received: Reply,
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

/**
 * What an entry says under its title, its instant in the reader's zone (a meeting's start), and a
 * logged activity's follow-up: "Follow up by …" while the day has not passed there, "Follow-up was due …" after.
 */
export function ActivityText({
  activity,
  className,
}: {
  activity: Pick<Activity, "description" | "at" | "followUpOn">;
  className?: string;
}) {
  const zone = useTimeZone();
  const text = activityText(activity, zone);
  const followUp = activity.followUpOn;
  const open = followUp !== null && followUp >= todayIn(zone);
  return (
    <>
      {text && <p className={cn("text-sm break-words text-muted-foreground", className)}>{text}</p>}
      {followUp && (
        <p className={cn("text-sm", open ? "font-medium text-foreground" : "text-muted-foreground")}>
          {open ? "Follow up by " : "Follow-up was due "}
          <time dateTime={followUp}>{formatDay(followUp)}</time>
        </p>
      )}
    </>
  );
}
