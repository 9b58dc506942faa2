import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { cn } from "@/lib/utils";
import { initialsOf } from "../utils/initials.ts";

/** The deal owner's initials in a small circle; the name shows on hover (title) and to screen readers. */
export function OwnerAvatar({ name, className }: { name: string | null; className?: string }) {
  if (!name) return null;
  return (
    <Avatar className={cn("size-6", className)} title={`Owner: ${name}`} role="img" aria-label={`Owner: ${name}`}>
      <AvatarFallback className="bg-primary/10 text-[10px] text-primary" aria-hidden="true">
        {initialsOf(name)}
      </AvatarFallback>
    </Avatar>
  );
}
