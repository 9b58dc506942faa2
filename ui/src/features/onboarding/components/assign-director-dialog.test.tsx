import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { AssignDirectorDialog } from "./assign-director-dialog.tsx";

const DANA = {
  id: "7c8d3c1e-0000-4000-8000-0000000000d1",
  email: "dana@agency.test",
  displayName: "Dana",
  role: "Creative Director",
  approved: true,
  status: "active",
  requestedAt: "2026-11-01T12:00:00.000Z",
  approvedAt: "2026-11-02T12:00:00.000Z",
  approvedBy: null,
};
const NO_LONGER = "Dana is no longer a creative director.";

/** The directors list, and an assignment the server refuses naming the field (a 400 problem). */
function refusingServer() {
  return stubFetch((url) =>
    url === "/api/users/creative-directors"
      ? { status: 200, body: [DANA] }
      : {
          status: 400,
          body: {
            type: "about:blank",
            title: "Validation failed",
            status: 400,
            detail: NO_LONGER,
            errors: [{ field: "creativeDirectorId", message: NO_LONGER }],
          },
        },
  );
}

/** The text an element's aria-describedby points at. */
const descriptionOf = (element: HTMLElement) => document.getElementById(element.getAttribute("aria-describedby") ?? "")?.textContent;

afterEach(() => vi.unstubAllGlobals());

describe("Assign Creative Director", () => {
  it("shows the server's refusal of the director under the field, and the failure toast", async () => {
    polyfillRadix();
    const calls = refusingServer();
    renderWithApp(
      <AssignDirectorDialog client={aLead({ stage: "Onboarding Scheduled", creativeDirectorId: DANA.id })} open onOpenChange={vi.fn()} />,
    );
    const dialog = await screen.findByRole("dialog", { name: "Assign Creative Director" });
    const field = within(dialog).getByRole("combobox", { name: "Creative director" });
    await vi.waitFor(() => expect(field.textContent).toBe("Dana")); // the client's director, once the list is in
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign Director" }));

    await vi.waitFor(() => expect(descriptionOf(field)).toBe(NO_LONGER));
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(await screen.findByText("Assignment Failed")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      {
        url: "/api/onboarding/00000000-0000-4000-8000-000000000001/assign-director",
        method: "POST",
        body: { creativeDirectorId: DANA.id },
      },
    ]);
  });

  it("asks for a director before sending anything", async () => {
    polyfillRadix();
    const calls = refusingServer();
    renderWithApp(<AssignDirectorDialog client={aLead()} open onOpenChange={vi.fn()} />);
    const dialog = await screen.findByRole("dialog", { name: "Assign Creative Director" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Assign Director" }));
    expect(await within(dialog).findByText("Please select a creative director")).toBeTruthy();
    expect(await screen.findByText("Director Required")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });
});
