import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it } from "vitest";
import type { Role } from "@/lib/session";
import { renderApp } from "@/test/app";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser, meOf } from "@/test/user";

let calls: { url: string }[] = [];

function signedInAs(role: Role) {
  calls = stubFetch((url) => {
    if (url === "/api/auth/me") return { status: 200, body: meOf(aUser(role)) };
    if (url === "/api/users/pending") return { status: 200, body: [] };
    if (url === "/api/stats")
      return { status: 200, body: { newLeads: 0, contractsPending: 0, onboardingInProgress: 0, clientsAssigned: 0 } };
    if (url.startsWith("/api/stats/pipeline")) return { status: 200, body: { byStage: [], newPerWeek: [] } };
    if (url.startsWith("/api/leads") || url.startsWith("/api/activities")) return { status: 200, body: [] };
    return { status: 404, body: { title: "Not Found", detail: "No such route" } };
  });
}

beforeEach(() => polyfillRadix());

describe("the route guard of the screen table", () => {
  it("shows a Project Manager who opens /approvals the No access page, never a load error, and asks the server nothing for it", async () => {
    signedInAs("Project Manager");
    renderApp("/approvals");
    const heading = await screen.findByRole("heading", { level: 1, name: "No access" });
    const page = heading.closest("section")!;
    expect(page.textContent).toContain("User approvals is for Partners and Auditors only.");
    expect(within(page).getByText("Project Manager")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.queryByText("Something went wrong")).toBeNull();
    expect(calls.some((call) => call.url.startsWith("/api/users/pending"))).toBe(false);
    expect(document.title).toContain("No Access");

    await userEvent.click(within(page).getByRole("link", { name: "Back to Dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });

  it("lets a Partner through to User Approvals", async () => {
    signedInAs("Partner");
    renderApp("/approvals");
    expect(await screen.findByRole("heading", { level: 1, name: "User Approvals" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "No access" })).toBeNull();
  });

  it("keeps a Creative Director off the leads board without starting its reads", async () => {
    signedInAs("Creative Director");
    renderApp("/leads");
    const heading = await screen.findByRole("heading", { level: 1, name: "No access" });
    expect(heading.closest("section")!.textContent).toContain("The leads board is for Partners, Project Managers and Auditors only.");
    expect(calls.some((call) => call.url.startsWith("/api/leads"))).toBe(false);
  });
});
