import type { ReactElement, ReactNode } from "react";
import { MenuTooltipContext } from "./sidebar-context.tsx";
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from "./tooltip.tsx";

/** A menu button's label beside it, for the collapsed sidebar. */
function MenuTooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side="right" align="center">
        {label}
      </TooltipContent>
    </Tooltip>
  );
}

/** One tooltip provider for the whole menu (so moving between buttons skips the delay), lending each button its tooltip. */
export function CollapsedMenuTooltips({ children }: { children: ReactNode }) {
  return (
    <TooltipProvider>
      <MenuTooltipContext value={MenuTooltip}>{children}</MenuTooltipContext>
    </TooltipProvider>
  );
}
