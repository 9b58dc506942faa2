import { CheckIcon, ChevronsUpDown } from "lucide-react";
import { useState } from "react";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList, CommandLoading } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import type { ControlProps } from "@/components/form";
import { useDebouncedValue } from "@/lib/use-debounced-value";
import { cn } from "@/lib/utils";
import { useLeadSearch } from "../api/search-leads.ts";

/** At most this many matches are offered; typing more narrows them. */
const SHOWN = 8;

/**
 * A lead chosen by typing part of its name, business or email (GET /api/leads?search=, as the command
 * menu asks): a combobox whose value is the lead's id.
 */
export function LeadPicker({ control }: { control: ControlProps }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [label, setLabel] = useState<string | null>(null);
  const search = useDebouncedValue(query.trim(), 200);
  const leads = useLeadSearch(search);
  const value = typeof control.value === "string" ? control.value : "";
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) control.onBlur();
      }}
    >
      <PopoverTrigger asChild>
        <button
          id={control.id}
          ref={control.ref}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-invalid={control["aria-invalid"]}
          aria-describedby={control["aria-describedby"]}
          className={cn(
            "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30",
            !value && "text-muted-foreground",
          )}
        >
          <span className="truncate">{(value && label) || "Search for a lead…"}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64">
        <Command shouldFilter={false}>
          <CommandInput placeholder="Name, business or email" aria-label="Search for a lead" value={query} onValueChange={setQuery} />
          <CommandList className="p-1">
            {search.length > 0 && leads.isFetching && <CommandLoading>Searching leads…</CommandLoading>}
            <CommandEmpty>
              {search.length === 0 ? "Type to search the leads." : leads.isFetching ? "Searching…" : "No lead matches."}
            </CommandEmpty>
            {search.length > 0 &&
              leads.data?.slice(0, SHOWN).map((lead) => (
                <CommandItem
                  key={lead.id}
                  value={lead.id}
                  onSelect={() => {
                    control.onChange(lead.id);
                    setLabel(`${lead.name} (${lead.business})`);
                    setOpen(false);
                  }}
                >
                  <CheckIcon className={cn("size-4", lead.id === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                  <span className="truncate">{lead.name}</span>
                  <span className="ml-auto truncate text-xs text-muted-foreground">{lead.business}</span>
                </CommandItem>
              ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
