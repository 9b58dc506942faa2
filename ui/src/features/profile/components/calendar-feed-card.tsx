import { Check, Copy, RefreshCw, Rss, XCircle } from "lucide-react";
import { useRef, useState } from "react";
import { useTimeZone } from "@/api/use-time-zone";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toast } from "@/lib/toast";
import { useCalendarFeed, useIssueCalendarFeed, useRevokeCalendarFeed } from "../api/calendar-feed.ts";

/** The feed's address as a calendar subscribes to it: absolute, on the address the CRM is open at. */
const absolute = (path: string) => new URL(path, window.location.origin).href;

/**
 * Calendar feed (docs/product.md, "Profile"): a secret address holding the meetings one scheduled,
 * for Google Calendar, Outlook or Apple Calendar to subscribe to. The address is shown when it is
 * made (only its hash is kept); Renew makes a new one and the old one stops working; Turn off ends it.
 */
export function CalendarFeedCard() {
  const feed = useCalendarFeed();
  const issue = useIssueCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const zone = useTimeZone();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const busy = issue.isPending || revoke.isPending;
  const active = feed.data?.active ?? false;

  const make = () =>
    issue.mutate(undefined, {
      onSuccess: ({ path }) => {
        setUrl(absolute(path));
        setCopied(false);
        toast({
          title: active ? "Calendar Feed Renewed" : "Calendar Feed On",
          description: active ? "The old address no longer works: subscribe to the new one." : "Copy the address into your calendar.",
        });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: "Calendar Feed Not Changed", description: errorMessage(error, "Please try again.") }),
    });
  const turnOff = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        toast({ title: "Calendar Feed Off", description: "Its address no longer works; calendars subscribed to it stop updating." });
      },
      onError: (error) =>
        toast({ variant: "destructive", title: "Calendar Feed Not Changed", description: errorMessage(error, "Please try again.") }),
    });
  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
      toast({ title: "Address Copied", description: "Your calendar feed's address is on your clipboard." });
    } catch {
      input.current?.select();
      toast({ variant: "destructive", title: "Copy Failed", description: "Select the address and copy it yourself." });
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calendar feed</CardTitle>
        <CardDescription>
          The meetings you schedule, in your own calendar: add this private address in Google Calendar (Other calendars, From URL), Outlook
          (Add calendar, Subscribe from web) or Apple Calendar (File, New Calendar Subscription). They check it every few hours. Anyone with
          the address can read your meetings, so keep it to yourself.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <Skeleton className="h-10" />
        ) : feed.error ? (
          <p className="text-sm text-destructive">Could not load your calendar feed.</p>
        ) : (
          <>
            {active && url && (
              <div role="status" className="grid gap-2 rounded-lg border border-emerald-600/30 bg-emerald-600/10 p-3 text-sm">
                <div className="flex gap-2">
                  <Input
                    ref={input}
                    readOnly
                    value={url}
                    aria-label="Calendar feed address"
                    onFocus={(e) => e.currentTarget.select()}
                    className="font-mono text-xs"
                  />
                  <Button type="button" variant="outline" size="sm" className="h-9" onClick={() => void copy(url)}>
                    {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                    {copied ? "Copied" : "Copy"}
                  </Button>
                </div>
                <p className="text-xs text-muted-foreground">Copy it now: for your safety it is shown only this once.</p>
              </div>
            )}
            {active && !url && (
              <p className="text-sm text-muted-foreground">
                Your feed is on (since {formatDateTime(feed.data!.createdAt!, zone)}). Its address is shown only when it is made: renew it
                to see a new one, and the current one stops working.
              </p>
            )}
            {!active && <p className="text-sm text-muted-foreground">Your feed is off.</p>}
            <div className="flex flex-wrap gap-2">
              {active ? (
                <>
                  <Button type="button" variant="outline" disabled={busy} onClick={make}>
                    <RefreshCw aria-hidden="true" />
                    Renew
                  </Button>
                  <Button type="button" variant="outline" disabled={busy} onClick={turnOff}>
                    <XCircle aria-hidden="true" />
                    Turn off
                  </Button>
                </>
              ) : (
                <Button type="button" disabled={busy} onClick={make}>
                  <Rss aria-hidden="true" />
                  Turn on calendar feed
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
