import { Search } from "lucide-react";
import { ThemeToggle } from "@/components/theme-toggle";
import { Button } from "@/components/ui/button";
import { SidebarTrigger } from "@/components/ui/sidebar";
import type { User } from "@/lib/session";

export interface AppHeaderProps {
  user: User;
  onOpenCommandMenu: () => void;
}

/** Welcome text, the command menu and the theme control (Profile and Sign Out are in the sidebar's user menu). */
export function AppHeader({ user, onOpenCommandMenu }: AppHeaderProps) {
  const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-2 border-b bg-background/85 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 md:px-4">
      <SidebarTrigger />
      <p className="min-w-0 flex-1 truncate text-sm">
        <span className="text-muted-foreground">Welcome, </span>
        <span className="font-medium">{user.displayName}</span>
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={onOpenCommandMenu}
        className="text-muted-foreground"
        aria-keyshortcuts={isMac ? "Meta+K" : "Control+K"}
      >
        <Search aria-hidden="true" />
        <span className="hidden sm:inline">Search…</span>
        <span className="sr-only sm:hidden">Search</span>
        <kbd
          className="pointer-events-none hidden rounded border bg-muted px-1.5 font-mono text-[10px] font-medium sm:inline"
          aria-hidden="true"
        >
          {isMac ? "⌘" : "Ctrl"} K
        </kbd>
      </Button>
      <ThemeToggle />
    </header>
  );
}
