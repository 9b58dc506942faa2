import type { Request } from "express";
import type { User } from "@crm/contracts/user/user";
import type { Audience } from "./access-policy.ts";

/** The signed-in account behind a request, and how it proved itself. */
export interface RequestAccount {
  id: string;
  email: string;
  token: string;
  via: "cookie" | "bearer";
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by the authentication middleware when a valid session came with the request. */
      account?: RequestAccount;
      /** The staff record of that account (pending or approved), when it has requested access. */
      user?: User;
      /** Who the events of this request are by: the user id (= account id). */
      actor?: string;
      audience?: Audience;
    }
  }
}

/** Who a request acts as: the signed-in account's id, else "system" (events appended before identity is known). */
export const actorOf = (req: Request) => req.actor ?? "system";

/** True when a Partner deactivated the account's user: its sessions end and it signs in no more. */
export const isDeactivated = (user: User | null | undefined): boolean => user?.status === "deactivated";

/**
 * The audience a request belongs to, for the access policy. A deactivated account counts as signed
 * out (authenticate has already deleted its session); an approved one only while it is active.
 */
export function audienceOf(account: RequestAccount | undefined, user: User | null): Audience {
  if (!account || isDeactivated(user)) return "anonymous";
  if (!user) return "unregistered";
  return user.approved ? user.role : "pending";
}

/** The session token a request carries: the Authorization bearer first, else the cookie. */
export function presentedToken(
  req: Request,
  readCookie: (req: Request) => string | undefined,
): { token: string; via: "cookie" | "bearer" } | undefined {
  const authorization = req.get("authorization");
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  if (bearer) return { token: bearer, via: "bearer" };
  const cookie = readCookie(req);
  return cookie ? { token: cookie, via: "cookie" } : undefined;
}
