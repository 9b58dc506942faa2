import { Check, Copy } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { toast } from "@/lib/toast";

export interface NewLinkBoxProps {
  url: string;
  /** Whether the new link replaced a live one. */
  replaced: boolean;
}

/** The URL of a link just created, with a copy button: it is shown this once (only its hash is kept). */
export function NewLinkBox({ url, replaced }: NewLinkBoxProps) {
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast({ title: "Link Copied", description: "The client's questionnaire link is on your clipboard." });
    } catch {
      input.current?.select();
      toast({ variant: "destructive", title: "Copy Failed", description: "Select the link and copy it yourself." });
    }
  }
  return (
    <div role="status" className="grid gap-2 rounded-lg border border-emerald-600/30 bg-emerald-600/10 p-3 text-sm">
      <p className="font-medium">{replaced ? "New link created. It replaces the old link, which no longer works." : "New link created."}</p>
      <div className="flex gap-2">
        <Input
          ref={input}
          readOnly
          value={url}
          aria-label="New client questionnaire link"
          onFocus={(e) => e.currentTarget.select()}
          className="font-mono text-xs"
        />
        <Button type="button" variant="outline" size="sm" className="h-9" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">Copy it now: for the client's safety it is shown only this once.</p>
    </div>
  );
}
