import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { CreateTaskDialog } from "./create-task-dialog.tsx";

const ADA = { id: "00000000-0000-4000-8000-000000000001", name: "Ada Client" };
const BEA = { id: "00000000-0000-4000-8000-000000000002", name: "Bea Client" };
const CREATED = { id: "00000000-0000-4000-8000-0000000000a1", version: 1, position: "1-1", status: "todo" };

beforeEach(() => polyfillRadix());
afterEach(() => vi.unstubAllGlobals());

async function fill(title: string, description: string) {
  const user = userEvent.setup();
  await user.type(screen.getByRole("textbox", { name: "Title" }), title);
  await user.type(screen.getByRole("textbox", { name: "Description" }), description);
  return user;
}

describe("Create Task", { timeout: 30_000 }, () => {
  it("sends the task for the only client, trimmed, and says Task Created", async () => {
    const calls = stubFetch(() => ({ status: 201, body: CREATED }));
    const onOpenChange = vi.fn();
    renderWithApp(<CreateTaskDialog clients={[ADA]} defaultLeadId={ADA.id} open onOpenChange={onOpenChange} />);
    expect(screen.getByText("For Ada Client")).toBeTruthy();
    const user = await fill("  Storyboard  ", "Six frames");
    await user.click(screen.getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Task Created")).toBeTruthy();
    expect(calls).toEqual([
      {
        url: "/api/creative-tasks",
        method: "POST",
        body: {
          leadId: ADA.id,
          title: "Storyboard",
          description: "Six frames",
          priority: "medium",
          dueDate: "",
          notes: "",
          attachments: [],
        },
      },
    ]);
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false));
  });

  it("names the missing title and description under their fields, and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 201, body: CREATED }));
    renderWithApp(<CreateTaskDialog clients={[ADA]} open onOpenChange={() => {}} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByText("Description is required")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("asks for a client with the Missing Information toast when there are several", async () => {
    const calls = stubFetch(() => ({ status: 201, body: CREATED }));
    renderWithApp(<CreateTaskDialog clients={[ADA, BEA]} open onOpenChange={() => {}} />);
    const user = await fill("Storyboard", "Six frames");
    await user.click(screen.getByRole("button", { name: "Create Task" }));
    expect(await screen.findByText("Missing Information")).toBeTruthy();
    expect(screen.getByText("Choose a client.")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("puts a 400 problem's message under the field it names", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        type: "about:blank",
        title: "Validation failed",
        status: 400,
        detail: "The request has invalid fields.",
        errors: [{ field: "dueDate", message: "Due date is a date, e.g. 2030-01-31" }],
      },
    }));
    renderWithApp(<CreateTaskDialog clients={[ADA]} open onOpenChange={() => {}} />);
    const user = await fill("Storyboard", "Six frames");
    await user.click(screen.getByRole("button", { name: "Create Task" }));
    const message = await screen.findByText("Due date is a date, e.g. 2030-01-31");
    expect(screen.getByLabelText("Due Date").getAttribute("aria-describedby")).toBe(message.id);
    const toast = (await screen.findByText("Task Not Created")).closest("li")!;
    expect(within(toast).getByText("The request has invalid fields.")).toBeTruthy();
  });
});
