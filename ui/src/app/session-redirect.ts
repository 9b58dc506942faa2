import type { Me } from "@/lib/session";

export type SessionStatus = "signed-out" | "unregistered" | "pending" | "approved";

/** Where the person stands: no session, no access request yet, waiting for approval, or in. */
export function sessionStatus(me: Me | null | undefined): SessionStatus {
  if (!me) return "signed-out";
  if (!me.user) return "unregistered";
  return me.user.approved ? "approved" : "pending";
}

/**
 * The route table of docs/product.md, "Screens": the path to send someone to, or null to show the requested one.
 * Signed out and unregistered people live on /login (the latter see the Request Access step there);
 * unapproved ones on /pending; approved ones anywhere but those two.
 */
export function redirectFor(status: SessionStatus, pathname: string): string | null {
  switch (status) {
    case "signed-out":
    case "unregistered":
      return pathname === "/login" ? null : "/login";
    case "pending":
      return pathname === "/pending" ? null : "/pending";
    case "approved":
      return pathname === "/login" || pathname === "/pending" ? "/dashboard" : null;
  }
}
