import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { renderWithApp, stubFetch } from "@/test/render";
import { FormDialog, Refusal, TextField, useMutationForm } from "./index.ts";

const Body = z.object({ title: z.string().check(z.trim(), z.minLength(1, "Title is required")), budget: z.string() });

/** A dialog on the kit, as a feature writes one: a schema, a submit, a success and a failure toast. */
function NoteDialog({ onDone }: { onDone: (answer: unknown) => void }) {
  const [open, setOpen] = useState(true);
  const form = useMutationForm({
    schema: Body,
    defaultValues: { title: "", budget: "" },
    submit: (values) => apiRequest("POST", "/api/notes", values),
    invalid: { title: "Missing Information", description: "Please give the note a title." },
    failure: { title: "Note Failed", fallback: "Failed to save the note." },
    onSuccess: (answer) => {
      onDone(answer);
      setOpen(false);
    },
  });
  return (
    <FormDialog form={form} open={open} onOpenChange={setOpen} title="New Note" submitLabel="Save Note" pendingLabel="Saving...">
      <TextField name="title" label="Title" required />
      <TextField name="budget" label="Budget" />
    </FormDialog>
  );
}

/** A dialog whose defaults come from its props, as Edit Lead's come from the lead it was opened on. */
function Reopened({ open, title }: { open: boolean; title: string }) {
  const form = useMutationForm({
    schema: Body,
    defaultValues: { title, budget: "" },
    submit: async () => null,
    failure: { title: "Note Failed", fallback: "Failed to save the note." },
  });
  return (
    <FormDialog form={form} open={open} onOpenChange={() => {}} title="Edit Note" submitLabel="Save Note" pendingLabel="Saving...">
      <TextField name="title" label="Title" />
    </FormDialog>
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("the form kit", { timeout: 30_000 }, () => {
  it("shows the schema's message under the field and the product's toast, and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 201, body: {} }));
    renderWithApp(<NoteDialog onDone={() => {}} />);
    await userEvent.setup().click(screen.getByRole("button", { name: "Save Note" }));
    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: /Title/ }).getAttribute("aria-invalid")).toBe("true");
    expect(await screen.findByText("Missing Information")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("puts a 400 problem's field message under that field and toasts the failure", async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        type: "about:blank",
        title: "Validation failed",
        status: 400,
        detail: "The request has invalid fields.",
        errors: [{ field: "budget", message: "Use a number" }],
      },
    }));
    renderWithApp(<NoteDialog onDone={() => {}} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "Launch");
    await user.type(screen.getByRole("textbox", { name: "Budget" }), "lots");
    await user.click(screen.getByRole("button", { name: "Save Note" }));
    const message = await screen.findByText("Use a number");
    expect(screen.getByRole("textbox", { name: "Budget" }).getAttribute("aria-describedby")).toBe(message.id);
    expect(await screen.findByText("Note Failed")).toBeTruthy();
    expect(screen.getByText("The request has invalid fields.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Save Note" })).toBeTruthy();
  });

  it("sends the parsed values, says pending meanwhile, then resets and hands over the answer", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const calls = stubFetch(() => ({ status: 201, body: { id: "n1" } }));
    const fetchStub = globalThis.fetch;
    vi.stubGlobal("fetch", async (...args: Parameters<typeof fetch>) => {
      await gate;
      return fetchStub(...args);
    });
    const onDone = vi.fn();
    renderWithApp(<NoteDialog onDone={onDone} />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: /Title/ }), "  Launch  ");
    await user.click(screen.getByRole("button", { name: "Save Note" }));
    expect(await screen.findByRole("button", { name: "Saving..." })).toHaveProperty("disabled", true);
    release();
    await waitFor(() => expect(onDone).toHaveBeenCalledWith({ id: "n1" }));
    expect(calls[0]).toMatchObject({ method: "POST", url: "/api/notes", body: { title: "Launch", budget: "" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("starts each opening from the newest defaults, not from what was typed before", async () => {
    const { rerender } = renderWithApp(<Reopened open title="First" />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Title" }), " draft");
    expect(screen.getByRole("textbox", { name: "Title" })).toHaveProperty("value", "First draft");
    rerender(<Reopened open={false} title="Second" />);
    rerender(<Reopened open title="Second" />);
    await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveProperty("value", "Second"));
  });

  it("shows a Refusal's own toast, not the failure one, and sends nothing", async () => {
    const calls = stubFetch(() => ({ status: 201, body: {} }));
    function Refused() {
      const form = useMutationForm({
        schema: Body,
        defaultValues: { title: "", budget: "" },
        submit: async () => {
          throw new Refusal({ title: "Missing Information", description: "Choose a client." });
        },
        failure: { title: "Note Failed", fallback: "Failed to save the note." },
      });
      return (
        <FormDialog form={form} open onOpenChange={() => {}} title="New Note" submitLabel="Save Note" pendingLabel="Saving...">
          <TextField name="title" label="Title" />
        </FormDialog>
      );
    }
    renderWithApp(<Refused />);
    const user = userEvent.setup();
    await user.type(screen.getByRole("textbox", { name: "Title" }), "Launch");
    await user.click(screen.getByRole("button", { name: "Save Note" }));
    expect(await screen.findByText("Choose a client.")).toBeTruthy();
    expect(screen.queryByText("Note Failed")).toBeNull();
    expect(calls).toEqual([]);
  });
});
