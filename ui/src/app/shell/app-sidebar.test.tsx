import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { SidebarProvider } from "@/components/ui/sidebar-context";
import { createQueryClient } from "@/lib/query-client";
import { ROLES } from "@/lib/roles";
import type { Role } from "@/lib/session";
import { polyfillRadix, stubFetch } from "@/test/render";
import { aUser } from "@/test/user";
import { DEFAULT_LOST_REASONS, DEFAULT_STAGE_PROBABILITIES, DEFAULT_STALE_AFTER_DAYS } from "@crm/contracts/lead/stages";
import { SCREENS } from "../screen-table.ts";
import { AppSidebar } from "./app-sidebar.tsx";
import { navItemsFor } from "./nav-items.ts";

const SETTINGS = {
  agencyName: "Northwind Studio",
  senderName: "Northwind",
  replyTo: null,
  currency: "EUR",
  timeZone: "Europe/Paris",
  weekStart: "Monday",
  stageProbabilities: DEFAULT_STAGE_PROBABILITIES,
  staleAfterDays: DEFAULT_STALE_AFTER_DAYS,
  lostReasons: [...DEFAULT_LOST_REASONS],
  logoUrl: null,
  version: 3,
};

function renderSidebar(role: Role, path = "/dashboard") {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <SidebarProvider>
          <AppSidebar user={aUser(role)} />
        </SidebarProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  const nav = screen.getByRole("navigation", { name: "Main" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

beforeEach(() => {
  polyfillRadix();
  stubFetch((url) => (url === "/api/settings" ? { status: 200, body: SETTINGS } : { status: 404 }));
});

describe("sidebar items by role: each role sees its own links", () => {
  it("gives a Partner the working pages, then the agency's: Approvals, Team, Settings and Audit", () => {
    expect(renderSidebar("Partner")).toEqual([
      ["Dashboard", "/dashboard"],
      ["Leads", "/leads"],
      ["Onboarding", "/onboarding"],
      ["Inbox", "/inbox"],
      ["Reports", "/reports"],
      ["Creative Portal", "/creative"],
      ["Approvals", "/approvals"],
      ["Team", "/team"],
      ["Settings", "/settings"],
      ["Audit", "/audit"],
    ]);
    expect(screen.getByRole("group", { name: "Agency" })).toBeTruthy();
  });

  it("gives a Project Manager Dashboard, Leads, Onboarding, Inbox and Reports, and no Agency group", () => {
    expect(renderSidebar("Project Manager")).toEqual([
      ["Dashboard", "/dashboard"],
      ["Leads", "/leads"],
      ["Onboarding", "/onboarding"],
      ["Inbox", "/inbox"],
      ["Reports", "/reports"],
    ]);
    expect(screen.queryByRole("group", { name: "Agency" })).toBeNull();
  });

  it("gives a Creative Director Dashboard and My Clients", () => {
    expect(renderSidebar("Creative Director")).toEqual([
      ["Dashboard", "/dashboard"],
      ["My Clients", "/creative"],
    ]);
  });

  it("gives an Auditor every page a Partner has, to read, under the same names", () => {
    expect(renderSidebar("Auditor")).toEqual([
      ["Dashboard", "/dashboard"],
      ["Leads", "/leads"],
      ["Onboarding", "/onboarding"],
      ["Inbox", "/inbox"],
      ["Reports", "/reports"],
      ["Creative Portal", "/creative"],
      ["Approvals", "/approvals"],
      ["Team", "/team"],
      ["Settings", "/settings"],
      ["Audit", "/audit"],
    ]);
  });

  it("derives every role's items from the screen table: a screen in the sidebar is listed for the roles it names, and for an Auditor where a Partner", () => {
    for (const entry of SCREENS) {
      if (!("nav" in entry)) continue;
      for (const role of ROLES) {
        const listed = navItemsFor(role).some((item) => item.href === entry.path);
        const roles = entry.roles as readonly Role[];
        const named = roles.includes(role) || (role === "Auditor" && roles.includes("Partner"));
        expect([entry.path, role, listed]).toEqual([entry.path, role, named]);
      }
    }
  });

  it("shows how many messages wait in the inbox beside its link, and describes the link with it", async () => {
    const waiting = {
      id: "9b2f7d1e-4c1a-4e57-9d7e-2a7f0c7b1a11",
      kind: "message",
      fromAddress: "eve@else.example",
      fromName: "Eve",
      to: ["replies@agency.example"],
      subject: "Hello",
      text: "Hi",
      sentAt: "2026-11-21T09:00:00.000Z",
      receivedAt: "2026-11-21T09:00:01.000Z",
      attachments: [],
    };
    stubFetch((url) =>
      url === "/api/settings"
        ? { status: 200, body: SETTINGS }
        : url === "/api/inbox"
          ? { status: 200, body: [waiting, { ...waiting, id: "0c3e9a4b-7d21-4f0e-8b8a-5f1d2e3c4b55" }] }
          : { status: 404 },
    );
    renderSidebar("Project Manager");
    const link = screen.getByRole("link", { name: "Inbox" });
    await waitFor(() => expect(link.getAttribute("aria-describedby")).toBeTruthy());
    expect(document.getElementById(link.getAttribute("aria-describedby")!)?.textContent).toBe("2 waiting");
  });

  it("falls back to the Partner's items when no role is known", () => {
    expect(navItemsFor(undefined).map((item) => item.title)).toEqual(navItemsFor("Partner").map((item) => item.title));
  });

  it("shows the agency's name from its settings, the role badge, and marks the current page, a lead page counting as Leads", async () => {
    renderSidebar("Project Manager", "/lead/42");
    expect(await screen.findByText("Northwind Studio")).toBeTruthy();
    expect(screen.getByText("Project Manager")).toBeTruthy();
    expect(screen.getByRole("link", { current: "page" }).textContent).toBe("Leads");
  });

  it("marks My Clients for a Creative Director on a client's lead page", () => {
    renderSidebar("Creative Director", "/lead/42");
    expect(screen.getByRole("link", { current: "page" }).textContent).toBe("My Clients");
  });

  it("keeps Profile and Sign Out in the footer's user menu", async () => {
    renderSidebar("Creative Director");
    await userEvent.click(screen.getByRole("button", { name: "Account: Ada Lovelace" }));
    const menu = await screen.findByRole("menu");
    expect(within(menu).getByRole("menuitem", { name: "Profile" }).getAttribute("href")).toBe("/profile");
    expect(within(menu).getByRole("menuitem", { name: "Sign Out" })).toBeTruthy();
  });

  it("lends each link its title as a tooltip once the sidebar is collapsed to icons", async () => {
    document.cookie = "sidebar_state=false";
    try {
      renderSidebar("Project Manager");
      // The tooltips' code loads when the sidebar first collapses; a Radix trigger then carries data-state.
      await waitFor(() => expect(screen.getByRole("link", { name: "Leads" }).getAttribute("data-state")).toBe("closed"));
    } finally {
      document.cookie = "sidebar_state=true";
    }
  });
});
