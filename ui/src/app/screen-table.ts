import {
  ChartColumn,
  FolderKanban,
  Inbox,
  LayoutDashboard,
  Palette,
  Rocket,
  ScrollText,
  Settings,
  UserCheck,
  UserRound,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useInboxCount } from "@/features/inbox";
import { withReaders } from "@/lib/roles";
import type { Role } from "@/lib/session";

/** Where the sidebar lists a screen: the working pages, the agency's administration, or the footer's user menu. */
export type NavPlace = "workspace" | "agency" | "user-menu";

/** One screen of the signed-in app: who may use it, and whether and how the sidebar lists it. */
export interface ScreenAccess {
  /** The route's path, as the router declares it. */
  path: string;
  /** What the screen is, as the "No access" page names it ("The leads board"). */
  name: string;
  /** The roles that may use it; anyone else gets the "No access" page (the server refuses their reads anyway). */
  roles: readonly Role[];
  /** In the sidebar: where, with which icon, and its title (per role when it differs); absent for a screen reached from others. */
  nav?: {
    place: NavPlace;
    icon: LucideIcon;
    title: string | Readonly<Partial<Record<Role, string>>>;
    /** A count the sidebar shows beside the title (the inbox's waiting messages): a hook, asked only for a role that may use the screen. */
    useCount?: () => number | undefined;
  };
}

const EVERYONE: readonly Role[] = ["Partner", "Project Manager", "Creative Director"];
const STAFF: readonly Role[] = ["Partner", "Project Manager"];
const PARTNER: readonly Role[] = ["Partner"];

/**
 * The one declaration of who may use each screen (docs/product.md, "Roles" and "Screens"). The sidebar's items
 * (shell/nav-items.ts) and the router's guard (screen-guard.tsx) are both derived from it; the server's access
 * policy still decides every read and command.
 */
export const SCREENS = [
  { path: "/dashboard", name: "The dashboard", roles: EVERYONE, nav: { place: "workspace", icon: LayoutDashboard, title: "Dashboard" } },
  { path: "/leads", name: "The leads board", roles: STAFF, nav: { place: "workspace", icon: FolderKanban, title: "Leads" } },
  // A Creative Director sees the leads of their own clients; the server answers 403 for any other.
  { path: "/lead/:id", name: "A lead's page", roles: EVERYONE },
  { path: "/onboarding", name: "Onboarding", roles: STAFF, nav: { place: "workspace", icon: Rocket, title: "Onboarding" } },
  {
    path: "/inbox",
    name: "The inbox of unmatched mail",
    roles: STAFF,
    nav: { place: "workspace", icon: Inbox, title: "Inbox", useCount: useInboxCount },
  },
  { path: "/reports", name: "The reports", roles: STAFF, nav: { place: "workspace", icon: ChartColumn, title: "Reports" } },
  {
    path: "/creative",
    name: "The creative area",
    roles: ["Partner", "Creative Director"],
    nav: { place: "workspace", icon: Palette, title: { Partner: "Creative Portal", "Creative Director": "My Clients" } },
  },
  { path: "/approvals", name: "User approvals", roles: PARTNER, nav: { place: "agency", icon: UserCheck, title: "Approvals" } },
  { path: "/team", name: "The team", roles: PARTNER, nav: { place: "agency", icon: Users, title: "Team" } },
  { path: "/settings", name: "The agency's settings", roles: PARTNER, nav: { place: "agency", icon: Settings, title: "Settings" } },
  {
    path: "/audit",
    name: "The audit workbench",
    roles: ["Partner", "Auditor"],
    nav: { place: "agency", icon: ScrollText, title: "Audit" },
  },
  { path: "/profile", name: "Your profile", roles: EVERYONE, nav: { place: "user-menu", icon: UserRound, title: "Profile" } },
] as const satisfies readonly ScreenAccess[];

export type ScreenPath = (typeof SCREENS)[number]["path"];

/** The table's line for a path it declares. */
export function screenAccess(path: ScreenPath): ScreenAccess {
  return SCREENS.find((screen) => screen.path === path)!;
}

/** Whether the role may use the screen: an Auditor every screen a Partner may, to read (lib/roles.ts). */
export function mayUse(screen: ScreenAccess, role: Role): boolean {
  return withReaders(screen.roles).includes(role);
}
