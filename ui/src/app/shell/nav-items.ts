import { FolderKanban, LayoutDashboard, Palette, Rocket, UserCheck, type LucideIcon } from "lucide-react";
import type { Role } from "@/lib/session";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
}

const DASHBOARD: NavItem = { title: "Dashboard", href: "/dashboard", icon: LayoutDashboard };
const LEADS: NavItem = { title: "Leads", href: "/leads", icon: FolderKanban };
const ONBOARDING: NavItem = { title: "Onboarding", href: "/onboarding", icon: Rocket };
const APPROVALS: NavItem = { title: "Approvals", href: "/approvals", icon: UserCheck };

/** Sidebar items by role (docs/product.md, "Shell and navigation"); Partner when the role is not known. */
export function navItemsFor(role: Role | undefined): NavItem[] {
  switch (role ?? "Partner") {
    case "Partner":
      return [DASHBOARD, LEADS, ONBOARDING, APPROVALS, { title: "Creative Portal", href: "/creative", icon: Palette }];
    case "Project Manager":
      return [DASHBOARD, LEADS, ONBOARDING];
    case "Creative Director":
      return [DASHBOARD, { title: "My Clients", href: "/creative", icon: Palette }];
  }
}

/** Whether the item is the current page ("/" is the dashboard, a lead page belongs to Leads). */
export function isNavItemActive(item: NavItem, pathname: string): boolean {
  if (pathname === item.href) return true;
  if (item.href === "/dashboard") return pathname === "/";
  if (item.href === "/leads") return pathname.startsWith("/lead/");
  return false;
}
