import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SMS_MAX_LENGTH } from "@crm/contracts/messaging/commands";
import { renderWithApp, stubFetch } from "@/test/render";
import { SendSmsDialog } from "./send-sms-dialog.tsx";

const lead = { id: "00000000-0000-4000-8000-000000000001", name: "Ava Stone", phone: "+15550100" };
/** What POST /api/leads/{id}/send-sms answers (contracts/messaging/accepted). */
const accepted = {
  id: "00000000-0000-4000-8000-0000000000a1",
  version: 1,
  position: "1",
  status: "queued",
  channel: "outbox",
  to: lead.phone,
  leadId: lead.id,
};

afterEach(() => vi.unstubAllGlobals());

// Typing through user-event is slow on a busy machine: allow more than the default 5 s.
describe("Send SMS dialog", { timeout: 30_000 }, () => {
  it("counts characters live, up to 1600", async () => {
    stubFetch(() => ({ status: 202, body: accepted }));
    renderWithApp(<SendSmsDialog lead={lead} open onOpenChange={() => {}} />);
    const box = screen.getByRole("textbox", { name: "Message" });
    expect(screen.getByText("0/1600 characters")).toBeTruthy();
    await userEvent.setup().type(box, "Hello");
    expect(screen.getByText("5/1600 characters")).toBeTruthy();
    expect(box.getAttribute("aria-describedby")).toBe(screen.getByText("5/1600 characters").id);

    fireEvent.change(box, { target: { value: "x".repeat(SMS_MAX_LENGTH + 50) } });
    expect((box as HTMLTextAreaElement).value).toHaveLength(1600);
    expect(screen.getByText("1600/1600 characters")).toBeTruthy();
  });

  it("refuses a blank message with a Validation Error toast and the reason under the field, and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 202, body: accepted }));
    renderWithApp(<SendSmsDialog lead={lead} open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    const box = screen.getByRole("textbox", { name: "Message" });
    await user.type(box, "   ");
    await user.click(screen.getByRole("button", { name: "Send SMS" }));
    expect(await screen.findByText("Validation Error")).toBeTruthy();
    const [countId, errorId] = box.getAttribute("aria-describedby")!.split(" ");
    expect(document.getElementById(countId!)?.textContent).toBe("3/1600 characters");
    expect(document.getElementById(errorId!)?.textContent).toBe("Please provide a message.");
    expect(calls).toEqual([]);
  });

  it("posts the trimmed message, says SMS Sent and closes", async () => {
    const calls = stubFetch(() => ({ status: 202, body: accepted }));
    const onOpenChange = vi.fn();
    renderWithApp(<SendSmsDialog lead={lead} open onOpenChange={onOpenChange} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "  See you at 3  ");
    await user.click(screen.getByRole("button", { name: "Send SMS" }));
    expect(await screen.findByText("SMS Sent")).toBeTruthy();
    expect(calls[0]).toEqual({ url: `/api/leads/${lead.id}/send-sms`, method: "POST", body: { message: "See you at 3" } });
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("shows the server's reason when sending fails", async () => {
    stubFetch(() => ({ status: 409, body: { title: "Conflict", detail: "This lead has no phone number." } }));
    renderWithApp(<SendSmsDialog lead={lead} open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "Hi");
    await user.click(screen.getByRole("button", { name: "Send SMS" }));
    expect(await screen.findByText("SMS Failed")).toBeTruthy();
    expect(screen.getByText("This lead has no phone number.")).toBeTruthy();
  });
});
