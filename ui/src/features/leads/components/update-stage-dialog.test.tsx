import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { polyfillRadix } from "@/test/render";
import { UpdateStageDialog } from "./update-stage-dialog.tsx";

beforeAll(polyfillRadix);

function renderDialog() {
  const onSubmit = vi.fn();
  const onOpenChange = vi.fn();
  render(<UpdateStageDialog lead={{ name: "Ava Stone", stage: "Contacted" }} open onOpenChange={onOpenChange} onSubmit={onSubmit} />);
  return { onSubmit, onOpenChange };
}

describe("Update Lead Stage dialog: current stage disabled, the choice passed on", { timeout: 30_000 }, () => {
  it("shows the current stage and keeps the submit button disabled while the choice equals it", () => {
    renderDialog();
    expect(screen.getByRole("heading", { name: "Update Lead Stage" })).toBeTruthy();
    expect(screen.getByText("Current Stage").nextElementSibling?.textContent).toBe("Contacted");
    expect(screen.getByRole("combobox", { name: "New Stage" }).textContent).toContain("Contacted");
    expect(screen.getByRole("button", { name: "Update Stage" }).hasAttribute("disabled")).toBe(true);
  });

  it("disables the current stage in the picker and passes the chosen stage to the caller, then closes", async () => {
    const user = userEvent.setup();
    const { onSubmit, onOpenChange } = renderDialog();
    await user.click(screen.getByRole("combobox", { name: "New Stage" }));
    const options = screen.getAllByRole("option");
    expect(options).toHaveLength(10);
    expect(screen.getByRole("option", { name: "Contacted" }).getAttribute("aria-disabled")).toBe("true");
    expect(screen.getByRole("option", { name: "Proposal Sent" }).getAttribute("aria-disabled")).not.toBe("true");
    await user.click(screen.getByRole("option", { name: "Proposal Sent" }));

    const submit = screen.getByRole("button", { name: "Update Stage" });
    expect(submit.hasAttribute("disabled")).toBe(false);
    await user.click(submit);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Proposal Sent");
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});
