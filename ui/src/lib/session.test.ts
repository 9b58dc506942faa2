import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aUser } from "@/test/user";
import { meQueryOptions } from "./session.ts";

/** The page's cookies as the server's answers left them: the hint, or none. */
const setHint = (present: boolean) => {
  document.cookie = present ? "crm_signed_in=1; path=/" : "crm_signed_in=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT";
};

describe("the session check", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    setHint(true); // what the other tests' setup expects
  });

  it("answers signed out without asking the server when the signed-in hint is absent", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    setHint(false);
    await expect(new QueryClient().fetchQuery(meQueryOptions)).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks GET /api/auth/me when the hint is there", async () => {
    const me = { accountId: crypto.randomUUID(), email: "ada@example.com", user: aUser("Partner") };
    const fetch = vi.fn(async () => new Response(JSON.stringify(me), { status: 200, headers: { "Content-Type": "application/json" } }));
    vi.stubGlobal("fetch", fetch);
    setHint(true);
    await expect(new QueryClient().fetchQuery(meQueryOptions)).resolves.toMatchObject({ email: "ada@example.com" });
    expect(fetch).toHaveBeenCalledWith("/api/auth/me", expect.anything());
  });
});
