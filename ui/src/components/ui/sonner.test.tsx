import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { toast } from "@/lib/toast";
import { Toaster } from "./sonner.tsx";

describe("Toaster", () => {
  it("shows one toast at a time: a new one replaces the old", async () => {
    render(<Toaster />);
    act(() => toast({ title: "Lead Created", description: "New lead has been added successfully." }));
    expect(await screen.findByText("Lead Created")).toBeTruthy();

    act(() => toast({ variant: "destructive", title: "Approval Failed", description: "Failed to approve user. Please try again." }));
    expect(await screen.findByText("Approval Failed")).toBeTruthy();
    expect(screen.queryByText("Lead Created")).toBeNull();
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    const shown = document.querySelectorAll('[data-slot="toast"]');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute("data-variant")).toBe("destructive");
  });
});
