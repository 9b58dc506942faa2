import { Building2 } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { CommandDialog, CommandEmpty, CommandGroup, CommandInput, CommandItem, CommandList, CommandLoading } from "@/components/ui/command";
import { useLeads } from "@/features/leads";
import type { User } from "@/lib/session";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { navItemsFor } from "./nav-items.ts";

export interface CommandMenuProps {
  user: User;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Ctrl/Cmd+K: jump to a page, or find a lead by name (GET /api/leads?search=). */
export function CommandMenu({ user, open, onOpenChange }: CommandMenuProps) {
  const navigate = useNavigate();
  const [query, setQuery] = useState("");
  const search = useDebouncedValue(query.trim(), 200);
  const canSeeLeads = user.role !== "Creative Director";
  const leads = useLeads({ search }, open && canSeeLeads && search.length > 0);

  const pages = navItemsFor(user.role).filter((item) => item.title.toLowerCase().includes(query.trim().toLowerCase()));
  const go = (href: string) => {
    onOpenChange(false);
    setQuery("");
    void navigate(href);
  };
  return (
    <CommandDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Command menu"
      description="Jump to a page or find a lead by name."
      shouldFilter={false}
    >
      <CommandInput
        placeholder={canSeeLeads ? "Go to a page or find a lead…" : "Go to a page…"}
        value={query}
        onValueChange={setQuery}
        aria-label="Search pages and leads"
      />
      <CommandList>
        <CommandEmpty>{leads.isFetching ? "Searching…" : "No results found."}</CommandEmpty>
        {pages.length > 0 && (
          <CommandGroup heading="Pages">
            {pages.map((item) => (
              <CommandItem key={item.href} value={`page:${item.href}`} onSelect={() => go(item.href)}>
                <item.icon aria-hidden="true" />
                {item.title}
              </CommandItem>
            ))}
          </CommandGroup>
        )}
        {search.length > 0 && canSeeLeads && (
          <CommandGroup heading="Leads">
            {leads.isFetching && <CommandLoading>Searching leads…</CommandLoading>}
            {leads.data?.slice(0, 8).map((lead) => (
              <CommandItem key={lead.id} value={`lead:${lead.id}`} onSelect={() => go(`/lead/${lead.id}`)}>
                <Building2 aria-hidden="true" />
                <span className="truncate">{lead.name}</span>
                <span className="ml-auto truncate text-xs text-muted-foreground">{lead.business}</span>
              </CommandItem>
            ))}
          </CommandGroup>
        )}
      </CommandList>
    </CommandDialog>
  );
}
