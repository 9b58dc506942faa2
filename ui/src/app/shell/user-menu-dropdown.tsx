import { LogOut } from "lucide-react";
import type { ReactElement } from "react";
import { Link } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useSignOut } from "@/features/auth";
import { navItemsFor } from "./nav-items.ts";
import type { UserMenuProps } from "./user-menu.tsx";

/** The user menu itself, loaded at its first opening (user-menu.tsx): their own pages (Profile) and Sign Out (which forgets every cached answer). */
export function UserMenuDropdown({ user, onNavigate, trigger }: UserMenuProps & { trigger: ReactElement }) {
  const signOut = useSignOut();
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="w-(--radix-dropdown-menu-trigger-width) min-w-56">
        <DropdownMenuLabel className="grid font-normal">
          <span className="truncate font-medium">{user.displayName}</span>
          <span className="truncate text-xs text-muted-foreground">{user.email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {navItemsFor(user.role, "user-menu").map((item) => (
          <DropdownMenuItem key={item.href} asChild>
            <Link to={item.href} onClick={onNavigate}>
              <item.icon aria-hidden="true" />
              {item.title}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
