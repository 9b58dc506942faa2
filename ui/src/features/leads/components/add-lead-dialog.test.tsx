import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { aLead } from "@/test/lead";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { AddLeadDialog } from "./add-lead-dialog.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

async function fillRequired(email = "zoe@journey.test") {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: /Contact Name/ }), "Zoe Journey");
  await user.type(screen.getByRole("textbox", { name: /Business Name/ }), "Journey Studio");
  await user.type(screen.getByRole("textbox", { name: /Email/ }), email);
  await user.click(screen.getByRole("button", { name: "Create Lead" }));
}

describe("Add New Lead dialog", { timeout: 30_000 }, () => {
  it("names each missing required field under it and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 201, body: {} }));
    renderWithApp(<AddLeadDialog open onOpenChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Create Lead" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Business is required")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Contact Name/ }).getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("puts the message of a 400 problem naming a field under that field, with the failure toast", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        title: "Validation failed",
        status: 400,
        detail: "The request has invalid fields.",
        errors: [{ field: "email", message: "This address bounced before" }],
      },
    }));
    renderWithApp(<AddLeadDialog open onOpenChange={() => {}} />);
    await fillRequired();
    const message = await screen.findByText("This address bounced before");
    expect(screen.getByRole("textbox", { name: /Email/ }).getAttribute("aria-describedby")).toBe(message.id);
    expect(await screen.findByText("Failed to create lead. Please try again.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Create Lead" })).toBeTruthy();
  });

  it("posts the lead with blank optional fields left out, says Lead Created and closes", async () => {
    const created = { ...aLead({ name: "Zoe Journey", business: "Journey Studio", email: "zoe@journey.test" }), position: "5" };
    const calls = stubFetch(() => ({ status: 201, body: created }));
    const onOpenChange = vi.fn();
    renderWithApp(<AddLeadDialog open onOpenChange={onOpenChange} />);
    await fillRequired();
    expect(await screen.findByText("New lead has been added successfully.")).toBeTruthy();
    expect(calls[0]).toEqual({
      url: "/api/leads",
      method: "POST",
      body: { name: "Zoe Journey", business: "Journey Studio", email: "zoe@journey.test", priority: "medium" },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
