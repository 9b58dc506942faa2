import { Sparkles } from "lucide-react";
import { Link, useLocation } from "react-router";
import { RoleBadge } from "@/components/role-badge";
import { Sidebar, SidebarContent, SidebarFooter, SidebarGroupLabel, SidebarHeader } from "@/components/ui/sidebar";
import { useSidebar } from "@/components/ui/sidebar-context";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar-menu";
import type { User } from "@/lib/session";
import { isNavItemActive, navItemsFor } from "./nav-items.ts";

/** The product heading, the role badge and the role's pages, the current one highlighted. */
export function AppSidebar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const closeOnMobile = () => isMobile && setOpenMobile(false);
  return (
    <Sidebar label="Navigation">
      <SidebarHeader className="border-b border-sidebar-border">
        <Link
          to="/dashboard"
          onClick={closeOnMobile}
          className="flex items-center gap-2 rounded-md p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground">
            <Sparkles className="size-4" aria-hidden="true" />
          </span>
          <span className="truncate text-base font-semibold tracking-tight group-data-[collapsible=icon]:sr-only">Agency CRM</span>
        </Link>
        <RoleBadge role={user.role} className="ml-1 group-data-[collapsible=icon]:hidden" />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          <SidebarGroupLabel className="mt-2 px-4">Workspace</SidebarGroupLabel>
          <SidebarMenu>
            {navItemsFor(user.role).map((item) => {
              const active = isNavItemActive(item, pathname);
              return (
                <SidebarMenuItem key={item.href}>
                  <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
                    <Link to={item.href} aria-current={active ? "page" : undefined} onClick={closeOnMobile}>
                      <item.icon aria-hidden="true" />
                      <span>{item.title}</span>
                    </Link>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              );
            })}
          </SidebarMenu>
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-t border-sidebar-border text-xs text-muted-foreground group-data-[collapsible=icon]:hidden">
        <p className="truncate px-1" title={user.email}>
          {user.email}
        </p>
      </SidebarFooter>
    </Sidebar>
  );
}
