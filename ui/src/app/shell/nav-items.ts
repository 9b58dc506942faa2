import type { LucideIcon } from "lucide-react";
import { readsAs } from "@/lib/roles";
import type { Role } from "@/lib/session";
import { mayUse, SCREENS, type NavPlace } from "../screen-table.ts";

export interface NavItem {
  title: string;
  href: string;
  icon: LucideIcon;
  place: NavPlace;
  /** The screen's count hook (screen-table.ts), when the sidebar shows one. */
  useCount?: () => number | undefined;
}

/**
 * The sidebar's items for a role (docs/product.md, "Shell and navigation"), derived from the screen table:
 * every screen the role may use that the table places in the sidebar, in the table's order; Partner when
 * the role is not known. `place` narrows to one part of the sidebar.
 */
export function navItemsFor(role: Role | undefined, place?: NavPlace): NavItem[] {
  const who = role ?? "Partner";
  return SCREENS.flatMap((screen): NavItem[] => {
    const nav = "nav" in screen ? screen.nav : undefined;
    if (!nav || !mayUse(screen, who) || (place && nav.place !== place)) return [];
    const titles: Readonly<Partial<Record<Role, string>>> | string = nav.title;
    // An Auditor's item is named as the Partner's whose screen it reads ("Creative Portal").
    const title = typeof titles === "string" ? titles : (titles[who] ?? titles[readsAs(who)]);
    const useCount = "useCount" in nav ? nav.useCount : undefined;
    return title ? [{ title, href: screen.path, icon: nav.icon, place: nav.place, ...(useCount ? { useCount } : {}) }] : [];
  });
}

/**
 * The href of the item that is the current page: "/" is the dashboard, and a lead page belongs to Leads,
 * or to the creative area for a role without the board (a Creative Director's client).
 */
export function activeNavHref(items: readonly NavItem[], pathname: string): string | undefined {
  const has = (href: string) => items.some((item) => item.href === href);
  if (has(pathname)) return pathname;
  if (pathname === "/") return "/dashboard";
  if (pathname.startsWith("/lead/")) return has("/leads") ? "/leads" : has("/creative") ? "/creative" : undefined;
  return undefined;
}
