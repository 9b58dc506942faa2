import { useId } from "react";
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

interface NavLinkProps {
  item: NavItem;
  active: boolean;
  onClick: () => void;
}

function NavLink(props: NavLinkProps) {
  return props.item.useCount ? <CountedNavLink {...props} useCount={props.item.useCount} /> : <NavLinkView {...props} count={undefined} />;
}

/** An item with a count (the inbox's waiting messages): its own component, so the count's hook is always called. */
function CountedNavLink({ useCount, ...props }: NavLinkProps & { useCount: () => number | undefined }) {
  return <NavLinkView {...props} count={useCount()} />;
}

/**
 * A sidebar link, and its count when there is one: outside the link so the link's name stays its title;
 * the link is described by it.
 */
function NavLinkView({ item, active, onClick, count }: NavLinkProps & { count: number | undefined }) {
  const countId = useId();
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={item.title}>
        <Link to={item.href} aria-current={active ? "page" : undefined} aria-describedby={count ? countId : undefined} onClick={onClick}>
          <item.icon aria-hidden="true" />
          <span>{item.title}</span>
        </Link>
      </SidebarMenuButton>
      {count ? (
        <span
          id={countId}
          className="pointer-events-none absolute top-1.5 right-1 flex h-5 min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-medium text-primary-foreground tabular-nums select-none group-data-[collapsible=icon]:hidden"
        >
          {count}
          <span className="sr-only"> waiting</span>
        </span>
      ) : null}
    </SidebarMenuItem>
  );
}
