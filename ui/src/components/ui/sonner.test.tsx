import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { toast, TOAST_DURATION_MS } from "@/lib/toast";
import { Toaster } from "./sonner.tsx";

afterEach(() => vi.useRealTimers());

describe("Toaster", () => {
  it("shows one toast at a time: a new one replaces the old", async () => {
    render(<Toaster />);
    act(() => toast({ title: "Lead Created", description: "New lead has been added successfully." }));
    expect(await screen.findByText("Lead Created")).toBeTruthy();

    act(() => toast({ variant: "destructive", title: "Approval Failed", description: "Failed to approve user. Please try again." }));
    expect(await screen.findByText("Approval Failed")).toBeTruthy();
    // The old one slides out (sonner keeps it 200 ms for that), then only the new one is left.
    await waitFor(() => expect(screen.queryByText("Lead Created")).toBeNull());
    expect(document.querySelectorAll("[data-sonner-toast]")).toHaveLength(1);
    const shown = document.querySelectorAll('[data-slot="toast"]');
    expect(shown).toHaveLength(1);
    expect(shown[0]?.getAttribute("data-variant")).toBe("destructive");
  });

  // A toast raised just as the one before it timed out was lost while both shared one id.
  for (const gap of [0, 100, 400])
    it(`shows a toast raised ${gap} ms after the one before it timed out`, async () => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      render(<Toaster />);
      act(() => toast({ variant: "destructive", title: "Validation Error", description: "Please give the activity a summary." }));
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.queryByText("Validation Error")).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(TOAST_DURATION_MS + gap));
      act(() => toast({ title: "Activity Logged", description: "Follow up by Mar 6, 2099." }));
      await act(() => vi.advanceTimersByTimeAsync(1_000));
      expect(screen.queryByText("Activity Logged")).toBeTruthy();
      expect(screen.queryByText("Validation Error")).toBeNull();
    });
});
