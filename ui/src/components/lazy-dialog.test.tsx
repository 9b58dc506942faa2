import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { lazyDialog } from "./lazy-dialog.tsx";

describe("lazyDialog", () => {
  it("loads the dialog's code only when it first opens, and keeps it mounted after", async () => {
    const load = vi.fn(async () => ({ open }: { open: boolean }) => <p>{open ? "shown" : "closing"}</p>);
    const Dialog = lazyDialog(load);
    const { rerender } = render(<Dialog open={false} />);
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByText("shown")).toBeNull();

    rerender(<Dialog open />);
    expect(await screen.findByText("shown")).toBeTruthy();
    rerender(<Dialog open={false} />);
    expect(screen.getByText("closing")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
