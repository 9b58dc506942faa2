import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "@/lib/toast";
import { Toaster } from "./toaster.tsx";

describe("Toaster", () => {
  it("shows one toast at a time: a new one replaces the old", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Lead Created", description: "New lead has been added successfully." }));
    expect(screen.getByText("Lead Created")).toBeTruthy();

    act(() => void toast({ variant: "destructive", title: "Approval Failed", description: "Failed to approve user. Please try again." }));
    expect(screen.queryByText("Lead Created")).toBeNull();
    expect(screen.getByText("Approval Failed")).toBeTruthy();
    expect(document.querySelectorAll('[data-slot="toast"]')).toHaveLength(1);
    expect(document.querySelector('[data-slot="toast"]')?.getAttribute("data-variant")).toBe("destructive");
  });
});
