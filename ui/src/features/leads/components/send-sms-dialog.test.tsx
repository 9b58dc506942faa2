import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubFetch } from "@/test/render";
import { SendSmsDialog, SMS_MAX_LENGTH } from "./send-sms-dialog.tsx";

const lead = { id: "00000000-0000-4000-8000-000000000001", name: "Ava Stone", phone: "+15550100" };

afterEach(() => vi.unstubAllGlobals());

// Typing through user-event is slow on a busy machine: allow more than the default 5 s.
describe("Send SMS dialog", { timeout: 30_000 }, () => {
  it("counts characters live, up to 1600", async () => {
    stubFetch(() => ({ status: 202, body: {} }));
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

  it("refuses a blank message with a Validation Error toast and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 202, body: {} }));
    renderWithApp(<SendSmsDialog lead={lead} open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Message" }), "   ");
    await user.click(screen.getByRole("button", { name: "Send SMS" }));
    expect(await screen.findByText("Please provide a message.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("posts the trimmed message, says SMS Sent and closes", async () => {
    const calls = stubFetch(() => ({ status: 202, body: { id: "m1", position: "1" } }));
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
