import { CheckIcon, ChevronsUpDown } from "lucide-react";
import { useState, type Ref } from "react";
import { Command, CommandEmpty, CommandInput, CommandItem, CommandList } from "@/components/ui/command";
import { Popover, PopoverContent, PopoverTrigger } from "@/components/ui/popover";
import { cn } from "@/lib/utils";

export interface ComboboxOption {
  value: string;
  label: string;
  /** Extra words the search matches ("euro" for EUR). */
  keywords?: readonly string[];
}

export interface ComboboxProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  options: readonly ComboboxOption[];
  placeholder?: string;
  searchPlaceholder: string;
  empty: string;
  ref?: Ref<HTMLButtonElement>;
  "aria-invalid"?: boolean | undefined;
  "aria-describedby"?: string | undefined;
}

/** Plain substring matching on the value, its label and keywords ("dol" finds the dollars, not "Moldovan Leu"). */
const matches = (value: string, search: string, keywords?: string[]) =>
  [value, ...(keywords ?? [])].some((text) => text.toLowerCase().includes(search.trim().toLowerCase())) ? 1 : 0;

/** A select whose long list is searched by typing (cmdk in a popover): currencies, time zones. */
export function Combobox({ value, onChange, onBlur, options, placeholder, searchPlaceholder, empty, ref, ...trigger }: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const chosen = options.find((option) => option.value === value);
  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onBlur?.();
      }}
    >
      <PopoverTrigger asChild>
        <button
          ref={ref}
          type="button"
          role="combobox"
          aria-expanded={open}
          className={cn(
            "flex h-9 w-full items-center justify-between gap-2 rounded-md border border-input bg-transparent px-3 py-2 text-left text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 aria-invalid:border-destructive dark:bg-input/30",
            !chosen && "text-muted-foreground",
          )}
          {...trigger}
        >
          <span className="truncate">{chosen?.label ?? (value || placeholder)}</span>
          <ChevronsUpDown className="size-4 shrink-0 opacity-50" aria-hidden="true" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-(--radix-popover-trigger-width) min-w-64">
        <Command filter={matches}>
          <CommandInput placeholder={searchPlaceholder} aria-label={searchPlaceholder} />
          <CommandList className="p-1">
            <CommandEmpty>{empty}</CommandEmpty>
            {options.map((option) => (
              <CommandItem
                key={option.value}
                value={option.value}
                keywords={[option.label, ...(option.keywords ?? [])]}
                onSelect={() => {
                  onChange(option.value);
                  setOpen(false);
                }}
              >
                <CheckIcon className={cn("size-4", option.value === value ? "opacity-100" : "opacity-0")} aria-hidden="true" />
                <span className="truncate">{option.label}</span>
              </CommandItem>
            ))}
          </CommandList>
        </Command>
      </PopoverContent>
    </Popover>
  );
}
