import { render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { SidebarProvider } from "@/components/ui/sidebar-context";
import type { Role, User } from "@/lib/session";
import { AppSidebar } from "./app-sidebar.tsx";
import { navItemsFor } from "./nav-items.ts";

const user = (role: Role): User => ({
  id: "7c8d3c1e-0000-4000-8000-000000000001",
  email: "ada@agency.test",
  displayName: "Ada",
  role,
  approved: true,
  requestedAt: "2026-01-01T00:00:00.000Z",
  approvedAt: "2026-01-01T00:00:00.000Z",
  approvedBy: null,
});

function renderSidebar(role: Role, path = "/dashboard") {
  render(
    <MemoryRouter initialEntries={[path]}>
      <SidebarProvider>
        <AppSidebar user={user(role)} />
      </SidebarProvider>
    </MemoryRouter>,
  );
  const nav = screen.getByRole("navigation", { name: "Main" });
  return within(nav)
    .getAllByRole("link")
    .map((link) => [link.textContent, link.getAttribute("href")]);
}

describe("sidebar items by role: each role sees its own links", () => {
  it("gives a Partner every page, Creative Portal included", () => {
    expect(renderSidebar("Partner")).toEqual([
      ["Dashboard", "/dashboard"],
      ["Leads", "/leads"],
      ["Onboarding", "/onboarding"],
      ["Approvals", "/approvals"],
      ["Creative Portal", "/creative"],
    ]);
  });

  it("gives a Project Manager Dashboard, Leads and Onboarding", () => {
    expect(renderSidebar("Project Manager")).toEqual([
      ["Dashboard", "/dashboard"],
      ["Leads", "/leads"],
      ["Onboarding", "/onboarding"],
    ]);
  });

  it("gives a Creative Director Dashboard and My Clients", () => {
    expect(renderSidebar("Creative Director")).toEqual([
      ["Dashboard", "/dashboard"],
      ["My Clients", "/creative"],
    ]);
  });

  it("falls back to the Partner's items when no role is known", () => {
    expect(navItemsFor(undefined).map((item) => item.title)).toEqual(["Dashboard", "Leads", "Onboarding", "Approvals", "Creative Portal"]);
  });

  it("shows the role badge and marks the current page, a lead page counting as Leads", () => {
    renderSidebar("Project Manager", "/lead/42");
    expect(screen.getByText("Project Manager")).toBeTruthy();
    expect(screen.getByRole("link", { current: "page" }).textContent).toBe("Leads");
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
