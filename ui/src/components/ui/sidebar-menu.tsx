import { Slot } from "radix-ui";
import { lazy, Suspense, useContext, type ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { MenuTooltipContext, useSidebar } from "./sidebar-context.tsx";

// Tooltips (Radix and floating-ui, about 13 KB gzip) matter only in the collapsed sidebar: they load
// when it first collapses, not with every page.
const CollapsedMenuTooltips = lazy(() => import("./sidebar-menu-tooltips.tsx").then((m) => ({ default: m.CollapsedMenuTooltips })));

/** The menu; collapsed to icons on a wide screen, it lends its buttons their labels as tooltips. */
export function SidebarMenu({ className, ...props }: ComponentProps<"ul">) {
  const { isMobile, state } = useSidebar();
  const menu = <ul data-slot="sidebar-menu" className={cn("flex w-full min-w-0 flex-col gap-1 p-2", className)} {...props} />;
  if (isMobile || state !== "collapsed") return menu;
  return (
    <Suspense fallback={menu}>
      <CollapsedMenuTooltips>{menu}</CollapsedMenuTooltips>
    </Suspense>
  );
}

export function SidebarMenuItem({ className, ...props }: ComponentProps<"li">) {
  return <li data-slot="sidebar-menu-item" className={cn("group/menu-item relative", className)} {...props} />;
}

export type SidebarMenuButtonProps = ComponentProps<"button"> & { asChild?: boolean; isActive?: boolean; tooltip?: string };

/** A navigation entry; in icon mode its label is clipped and shown as a tooltip instead. */
export function SidebarMenuButton({ asChild = false, isActive = false, tooltip, className, ...props }: SidebarMenuButtonProps) {
  const Comp = asChild ? Slot.Root : "button";
  const Tip = useContext(MenuTooltipContext);
  const button = (
    <Comp
      data-slot="sidebar-menu-button"
      data-active={isActive}
      className={cn(
        "flex h-9 w-full items-center gap-2 overflow-hidden rounded-md p-2 text-left text-sm outline-none transition-[width,height,padding,color,background-color] hover:bg-sidebar-accent hover:text-sidebar-accent-foreground focus-visible:ring-2 focus-visible:ring-ring",
        "data-[active=true]:bg-sidebar-accent data-[active=true]:font-semibold data-[active=true]:text-sidebar-accent-foreground",
        "group-data-[collapsible=icon]:size-8! group-data-[collapsible=icon]:p-2! [&>span:last-child]:truncate [&>svg]:size-4 [&>svg]:shrink-0",
        className,
      )}
      {...props}
    />
  );
  return tooltip && Tip ? <Tip label={tooltip}>{button}</Tip> : button;
}
