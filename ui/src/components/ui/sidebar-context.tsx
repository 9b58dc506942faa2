import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ComponentType,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from "react";
import { useIsMobile } from "@/lib/use-mobile";

/** docs/product.md, "Limits and constants": 16rem wide, 18rem as a mobile sheet, 3rem in icon mode; remembered 7 days; Ctrl/Cmd+B. */
export const SIDEBAR_COOKIE = "sidebar_state";
export const SIDEBAR_COOKIE_MAX_AGE = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = "16rem";
export const SIDEBAR_WIDTH_MOBILE = "18rem";
export const SIDEBAR_WIDTH_ICON = "3rem";
const SHORTCUT_KEY = "b";

interface SidebarState {
  state: "expanded" | "collapsed";
  open: boolean;
  setOpen: (open: boolean) => void;
  openMobile: boolean;
  setOpenMobile: (open: boolean) => void;
  isMobile: boolean;
  toggleSidebar: () => void;
}

const SidebarContext = createContext<SidebarState | null>(null);

/** The sidebar's state, for its parts and triggers. */
export function useSidebar(): SidebarState {
  const context = useContext(SidebarContext);
  if (!context) throw new Error("useSidebar must be used within a SidebarProvider.");
  return context;
}

/** The expanded state stored in the cookie (expanded when none). */
export function readSidebarCookie(cookie: string = document.cookie): boolean {
  const match = cookie.match(new RegExp(`(?:^|; )${SIDEBAR_COOKIE}=([^;]*)`));
  return match?.[1] !== "false";
}

function useShortcut(toggle: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() === SHORTCUT_KEY && (event.metaKey || event.ctrlKey) && !event.altKey) {
        event.preventDefault();
        toggle();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [toggle]);
}

/** Holds the sidebar state: collapsed/expanded on desktop (cookie), an open sheet on mobile. */
export function SidebarProvider({ children }: { children: ReactNode }) {
  const isMobile = useIsMobile();
  const [openMobile, setOpenMobile] = useState(false);
  const [open, setOpenState] = useState(() => readSidebarCookie());
  const setOpen = useCallback((value: boolean) => {
    setOpenState(value);
    document.cookie = `${SIDEBAR_COOKIE}=${value}; path=/; max-age=${SIDEBAR_COOKIE_MAX_AGE}; SameSite=Lax`;
  }, []);
  const toggleSidebar = useCallback(() => (isMobile ? setOpenMobile((o) => !o) : setOpen(!open)), [isMobile, open, setOpen]);
  useShortcut(toggleSidebar);

  const value = useMemo<SidebarState>(
    () => ({ state: open ? "expanded" : "collapsed", open, setOpen, openMobile, setOpenMobile, isMobile, toggleSidebar }),
    [open, setOpen, openMobile, isMobile, toggleSidebar],
  );
  const style = { "--sidebar-width": SIDEBAR_WIDTH, "--sidebar-width-icon": SIDEBAR_WIDTH_ICON } as CSSProperties;
  return (
    <SidebarContext.Provider value={value}>
      <div data-slot="sidebar-wrapper" style={style} className="group/sidebar-wrapper flex min-h-svh w-full">
        {children}
      </div>
    </SidebarContext.Provider>
  );
}

/**
 * The tooltip the collapsed sidebar lends its menu buttons, once its code has loaded
 * (sidebar-menu-tooltips.tsx); null while the sidebar is open, on a phone, or while it loads.
 */
export const MenuTooltipContext = createContext<ComponentType<{ label: string; children: ReactElement }> | null>(null);
