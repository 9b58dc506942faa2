import { Sparkles } from "lucide-react";
import { cn } from "@/lib/utils";

/** The product's name when the agency has not named itself (or its settings cannot be read). */
export const PRODUCT_NAME = "Agency CRM";

export interface BrandMarkProps {
  /** The agency's name; the product's name while unknown. */
  name?: string | null | undefined;
  /** The agency's logo (GET /api/branding/logo?v=…); the product's mark when null. */
  logoUrl?: string | null | undefined;
  /** The mark's size class (default size-7). */
  markClassName?: string;
  /** Classes of the name beside the mark (it is left out when null). */
  nameClassName?: string | null;
}

/** The agency's logo (or the product's sparkle) and its name. */
export function BrandMark({ name, logoUrl, markClassName = "size-7", nameClassName = "font-semibold tracking-tight" }: BrandMarkProps) {
  const label = name?.trim() || PRODUCT_NAME;
  return (
    <>
      {logoUrl ? (
        <img src={logoUrl} alt={nameClassName === null ? label : ""} className={cn("shrink-0 rounded-md object-contain", markClassName)} />
      ) : (
        <span className={cn("flex shrink-0 items-center justify-center rounded-md bg-primary text-primary-foreground", markClassName)}>
          <Sparkles className="size-4" aria-hidden="true" />
        </span>
      )}
      {nameClassName !== null && <span className={cn("truncate", nameClassName)}>{label}</span>}
    </>
  );
}
