import { describe, expect, it } from "vitest";
import type { Me } from "@/lib/session";
import { redirectFor, sessionStatus } from "./session-redirect.ts";

const me = (user: Partial<NonNullable<Me["user"]>> | null): Me => ({
  accountId: "a",
  email: "ada@agency.test",
  user: user && {
    id: "u",
    email: "ada@agency.test",
    displayName: "Ada",
    role: "Partner",
    approved: false,
    status: "pending",
    requestedAt: "",
    approvedAt: null,
    approvedBy: null,
    ...user,
  },
});

describe("route table redirects by session status", () => {
  it("knows where a session stands", () => {
    expect(sessionStatus(null)).toBe("signed-out");
    expect(sessionStatus(me(null))).toBe("unregistered");
    expect(sessionStatus(me({ approved: false }))).toBe("pending");
    expect(sessionStatus(me({ approved: true }))).toBe("approved");
  });

  it.each([
    ["signed-out", "/dashboard", "/login"],
    ["signed-out", "/no-such-page", "/login"],
    ["signed-out", "/login", null],
    ["unregistered", "/leads", "/login"],
    ["unregistered", "/login", null],
    ["pending", "/dashboard", "/pending"],
    ["pending", "/login", "/pending"],
    ["pending", "/pending", null],
    ["approved", "/login", "/dashboard"],
    ["approved", "/pending", "/dashboard"],
    ["approved", "/", null],
    ["approved", "/no-such-page", null],
  ] as const)("%s on %s goes to %s", (status, path, target) => {
    expect(redirectFor(status, path)).toBe(target);
  });
});
