import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { SendFormDialog } from "./send-form-dialog.tsx";

beforeAll(polyfillRadix);
afterEach(() => vi.unstubAllGlobals());

const lead = { id: "00000000-0000-4000-8000-000000000001", name: "Nora Quinn", email: "nora@quinn.test" };
/** What POST /api/leads/{id}/send-form answers (contracts/messaging/accepted). */
const accepted = {
  id: "00000000-0000-4000-8000-0000000000a1",
  version: 1,
  position: "3",
  status: "queued",
  channel: "outbox",
  to: lead.email,
  leadId: lead.id,
};

describe("Send Form dialog", { timeout: 30_000 }, () => {
  it("opens addressed to the lead with the form type's subject, which follows a new type", async () => {
    stubFetch(() => ({ status: 202, body: accepted }));
    renderWithApp(<SendFormDialog lead={lead} open onOpenChange={() => {}} />);
    expect(await screen.findByDisplayValue(lead.email)).toBeTruthy();
    expect((screen.getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe("Complete Your Onboarding Questionnaire");
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Form Type" }));
    await user.click(screen.getByRole("option", { name: "Feedback Form" }));
    expect((screen.getByRole("textbox", { name: "Subject" }) as HTMLInputElement).value).toBe("Tell Us How We Are Doing");
  });

  it("says what each form type's mail covers, and only that type's", async () => {
    stubFetch(() => ({ status: 202, body: accepted }));
    renderWithApp(<SendFormDialog lead={lead} open onOpenChange={() => {}} />);
    await screen.findByDisplayValue(lead.email);
    const onboardingTopic = "Your brand: its words, guidelines and how you want it represented";
    expect(screen.getByText(onboardingTopic)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole("combobox", { name: "Form Type" }));
    await user.click(screen.getByRole("option", { name: "Contract Review Form" }));
    expect(screen.getByText("The mail says the Contract Review Form covers:")).toBeTruthy();
    expect(screen.getByText("Your deadlines")).toBeTruthy();
    expect(screen.queryByText(onboardingTopic)).toBeNull();
  });

  it("posts the form mail, says where it went and closes", async () => {
    const calls = stubFetch(() => ({ status: 202, body: accepted }));
    const onOpenChange = vi.fn();
    renderWithApp(<SendFormDialog lead={lead} open onOpenChange={onOpenChange} />);
    await screen.findByDisplayValue(lead.email);
    await userEvent.setup().click(screen.getByRole("button", { name: "Send Form" }));
    expect(await screen.findByText(`Client Onboarding Form has been sent to ${lead.email}`)).toBeTruthy();
    expect(calls[0]).toEqual({
      url: `/api/leads/${lead.id}/send-form`,
      method: "POST",
      body: { formType: "onboarding", to: lead.email, subject: "Complete Your Onboarding Questionnaire", message: "" },
    });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });
});
