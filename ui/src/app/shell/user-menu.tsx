import { ChevronsUpDown } from "lucide-react";
import { lazy, Suspense, useState, type ComponentProps } from "react";
import { Avatar, AvatarFallback } from "@/components/ui/avatar";
import { SidebarMenuButton } from "@/components/ui/sidebar-menu";
import type { User } from "@/lib/session";

export interface UserMenuProps {
  user: User;
  onNavigate: () => void;
}

const loadDropdown = () => import("./user-menu-dropdown.tsx");
const UserMenuDropdown = lazy(() => loadDropdown().then((m) => ({ default: m.UserMenuDropdown })));

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join("") || "?";

/** Who is signed in: the button that opens the user menu. */
function AccountButton({ user, ...props }: { user: User } & ComponentProps<typeof SidebarMenuButton>) {
  return (
    <SidebarMenuButton className="h-12 group-data-[collapsible=icon]:p-0!" aria-label={`Account: ${user.displayName}`} {...props}>
      <Avatar className="size-8 rounded-lg">
        <AvatarFallback className="rounded-lg">{initials(user.displayName)}</AvatarFallback>
      </Avatar>
      <span className="grid min-w-0 flex-1 text-left leading-tight">
        <span className="truncate text-sm font-medium">{user.displayName}</span>
        <span className="truncate text-xs text-muted-foreground">{user.email}</span>
      </span>
      <ChevronsUpDown className="ml-auto size-4 text-muted-foreground" aria-hidden="true" />
    </SidebarMenuButton>
  );
}

/**
 * The sidebar footer's user menu. Every screen shows the button, few open it: the menu (Radix's
 * dropdown and its positioning, some 15 KB) loads on the first hover, focus or click, and that first
 * click opens it once loaded.
 */
export function UserMenu({ user, onNavigate }: UserMenuProps) {
  const [opened, setOpened] = useState(false);
  if (!opened)
    return (
      <AccountButton
        user={user}
        aria-haspopup="menu"
        aria-expanded={false}
        onPointerEnter={() => void loadDropdown()}
        onFocus={() => void loadDropdown()}
        onClick={() => setOpened(true)}
      />
    );
  const trigger = <AccountButton user={user} />;
  return (
    <Suspense fallback={<AccountButton user={user} aria-haspopup="menu" aria-expanded={false} aria-busy="true" />}>
      <UserMenuDropdown user={user} onNavigate={onNavigate} trigger={trigger} />
    </Suspense>
  );
}
