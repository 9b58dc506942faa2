import type { User } from "@crm/contracts/user/answers";

/** What an owner no longer among the approved staff is called (a deactivated or removed account). */
export const FORMER_COLLEAGUE = "Former colleague";

/** The owner's name, "Former colleague" for an id the staff list does not know, null for no owner. */
export function ownerName(staff: readonly Pick<User, "id" | "displayName">[] | undefined, ownerId: string | null): string | null {
  if (!ownerId) return null;
  return staff?.find((user) => user.id === ownerId)?.displayName ?? (staff ? FORMER_COLLEAGUE : null);
}

/** Who may own a deal (docs/product.md, "Deals"): active Partners and Project Managers, by name. */
export function possibleOwners<U extends Pick<User, "role" | "status" | "displayName">>(staff: readonly U[] | undefined): U[] {
  return (staff ?? [])
    .filter((user) => user.status === "active" && (user.role === "Partner" || user.role === "Project Manager"))
    .sort((a, b) => a.displayName.localeCompare(b.displayName));
}
