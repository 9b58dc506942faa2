import { useCallback, useState } from "react";
import { Outlet } from "react-router";
import { lazyDialog } from "@/components/lazy-dialog";
import { SidebarInset } from "@/components/ui/sidebar";
import { SidebarProvider } from "@/components/ui/sidebar-context";
import { useCurrentUser } from "@/lib/session";
import { AppHeader } from "./app-header.tsx";
import { AppSidebar } from "./app-sidebar.tsx";
import { useModShortcut } from "./use-shortcut.ts";

// cmdk and the dialog load with the first Ctrl/Cmd+K, not with every page.
const CommandMenu = lazyDialog(() => import("./command-menu.tsx").then((m) => m.CommandMenu));

/** The frame of every page an approved user sees: sidebar, header, page, command menu. */
export function AppShell() {
  const user = useCurrentUser();
  const [commandOpen, setCommandOpen] = useState(false);
  useModShortcut(
    "k",
    useCallback(() => setCommandOpen((open) => !open), []),
  );
  return (
    <SidebarProvider>
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-background px-3 py-2 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:ring-2 focus:ring-ring"
      >
        Skip to content
      </a>
      <AppSidebar user={user} />
      <SidebarInset>
        <AppHeader user={user} onOpenCommandMenu={() => setCommandOpen(true)} />
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 space-y-6 p-4 outline-none md:p-6">
          <Outlet />
        </main>
      </SidebarInset>
      <CommandMenu user={user} open={commandOpen} onOpenChange={setCommandOpen} />
    </SidebarProvider>
  );
}
