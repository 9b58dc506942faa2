import type { ReactNode } from "react";
import { useBranding } from "@/api/get-branding";
import { BrandMark } from "@/components/brand-mark";
import { ThemeToggle } from "@/components/theme-toggle";

/** The frame of the signed-out screens: the agency's name and logo (GET /api/branding), a centred card, the theme control. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { data: branding } = useBranding();
  return (
    <div className="relative flex min-h-svh flex-col bg-muted/40 dark:bg-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-72 bg-gradient-to-b from-primary/10 to-transparent"
      />
      <header className="relative flex items-center justify-between p-4">
        <div className="flex items-center gap-2">
          <BrandMark name={branding?.agencyName} logoUrl={branding?.logoUrl} markClassName="size-8" />
        </div>
        <ThemeToggle />
      </header>
      <main className="relative flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}
