import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { Dialog, DialogContent, DialogTitle } from "./dialog.tsx";

/** A dialog opened by a button outside it, as most of ours are (no Radix trigger). */
function Opened() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Send Email</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Send Email</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe("DialogContent", () => {
  it("gives focus back to the button that opened it when it closes", async () => {
    const user = userEvent.setup();
    render(<Opened />);
    const opener = screen.getByRole("button", { name: "Send Email" });
    await user.click(opener);
    expect(await screen.findByRole("dialog")).toBeTruthy();
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.activeElement).toBe(opener);
  });
});
