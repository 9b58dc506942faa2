import { afterEach, describe, expect, it, vi } from "vitest";
import { SIGNED_IN_COOKIE } from "@crm/contracts/auth/answers";
import { SIGNED_IN_HINT, startEarlyReads } from "./early-reads.ts";

afterEach(() => vi.unstubAllGlobals());

describe("the entry's early reads", () => {
  it("names the server's signed-in hint as the contract does", () => {
    expect(SIGNED_IN_HINT).toBe(SIGNED_IN_COOKIE);
  });

  it("asks for the session at once when the hint is among the cookies, with the session cookie", () => {
    const fetch = vi.fn(async () => new Response("{}"));
    vi.stubGlobal("fetch", fetch);
    const reads = startEarlyReads(`theme=dark; ${SIGNED_IN_COOKIE}=1`);
    expect(Object.keys(reads)).toEqual(["/api/auth/me"]);
    expect(fetch).toHaveBeenCalledWith("/api/auth/me", { credentials: "include" });
  });

  it("asks nothing of a signed-out visitor, whose 401 would be a console error", () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(startEarlyReads("theme=dark; not_crm_signed_in=1")).toEqual({});
    expect(fetch).not.toHaveBeenCalled();
  });
});
