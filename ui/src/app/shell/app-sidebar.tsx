import { Link, useLocation } from "react-router";
import { BrandMark } from "@/components/brand-mark";
import { RoleBadge } from "@/components/role-badge";
import { Sidebar, SidebarContent, SidebarFooter, SidebarGroupLabel, SidebarHeader } from "@/components/ui/sidebar";
import { useSidebar } from "@/components/ui/sidebar-context";
import { SidebarMenu, SidebarMenuButton, SidebarMenuItem } from "@/components/ui/sidebar-menu";
import { useSettings } from "@/api/get-settings";
import type { User } from "@/lib/session";
import { activeNavHref, navItemsFor, type NavItem } from "./nav-items.ts";
import { UserMenu } from "./user-menu.tsx";

const GROUPS = [
  { place: "workspace", label: "Workspace" },
  { place: "agency", label: "Agency" },
] as const;

/** The agency's name and logo, the role badge, the role's pages (the current one highlighted) and the user menu. */
export function AppSidebar({ user }: { user: User }) {
  const { pathname } = useLocation();
  const { isMobile, setOpenMobile } = useSidebar();
  const settings = useSettings();
  const closeOnMobile = () => isMobile && setOpenMobile(false);
  const items = navItemsFor(user.role);
  const active = activeNavHref(items, pathname);
  return (
    <Sidebar label="Navigation">
      <SidebarHeader className="border-b border-sidebar-border">
        <Link
          to="/dashboard"
          onClick={closeOnMobile}
          className="flex min-w-0 items-center gap-2 rounded-md p-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <BrandMark
            name={settings.data?.agencyName}
            logoUrl={settings.data?.logoUrl}
            nameClassName="text-base font-semibold tracking-tight group-data-[collapsible=icon]:sr-only"
          />
        </Link>
        <RoleBadge role={user.role} className="ml-1 group-data-[collapsible=icon]:hidden" />
      </SidebarHeader>
      <SidebarContent>
        <nav aria-label="Main">
          {GROUPS.map(({ place, label }) => {
            const shown = items.filter((item) => item.place === place);
            if (shown.length === 0) return null;
            return (
              <div key={place} role="group" aria-label={label}>
                <SidebarGroupLabel className="mt-2 px-4">{label}</SidebarGroupLabel>
                <SidebarMenu>
                  {shown.map((item) => (
                    <NavLink key={item.href} item={item} active={item.href === active} onClick={closeOnMobile} />
                  ))}
                </SidebarMenu>
              </div>
            );
          })}
        </nav>
      </SidebarContent>
      <SidebarFooter className="border-t border-sidebar-border">
        <SidebarMenu className="p-0">
          <SidebarMenuItem>
            <UserMenu user={user} onNavigate={closeOnMobile} />
          </SidebarMenuItem>
        </SidebarMenu>
      </SidebarFooter>
    </Sidebar>
  );
}

function NavLink({ item, active, onClick }: { item: NavItem; active: boolean; onClick: () => void }) {
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
        <Link to={item.href} aria-current={active ? "page" : undefined} onClick={onClick}>
          <item.icon aria-hidden="true" />
          <span>{item.title}</span>
        </Link>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}
