import type { Me, Role, User } from "@/lib/session";

/** An approved, active colleague with the given role (and fields changed). */
export const aUser = (role: Role, over: Partial<User> = {}): User => ({
  id: "7c8d3c1e-0000-4000-8000-000000000001",
  email: "ada@agency.test",
  displayName: "Ada Lovelace",
  role,
  approved: true,
  status: "active",
  requestedAt: "2026-01-01T00:00:00.000Z",
  approvedAt: "2026-01-01T00:00:00.000Z",
  approvedBy: null,
  ...over,
});

/** GET /api/auth/me for that colleague. */
export const meOf = (user: User): Me => ({ accountId: user.id, email: user.email, user });
