import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ContentSubmission } from "@crm/contracts/creative/answers";
import { renderWithApp, stubFetch } from "@/test/render";
import { ReviewDialog } from "./review-dialog.tsx";

const SUBMISSION: ContentSubmission = {
  id: "00000000-0000-4000-8000-0000000000a1",
  leadId: "00000000-0000-4000-8000-000000000001",
  leadName: "Ada Client",
  creativeDirectorId: "00000000-0000-4000-8000-0000000000d1",
  type: "caption",
  title: "Spring line",
  description: null,
  caption: "Spring has landed.",
  fileUrl: null,
  file: null,
  status: "pending",
  clientFeedback: null,
  reviewNotes: null,
  createdAt: "2026-01-01T00:00:00.000Z",
  createdBy: "00000000-0000-4000-8000-0000000000d1",
  reviewedAt: null,
  reviewedBy: null,
  version: 1,
};

afterEach(() => vi.unstubAllGlobals());

describe("a review", { timeout: 30_000 }, () => {
  it("needs notes to reject, then sends them trimmed and says Content Rejected", async () => {
    const calls = stubFetch(() => ({ status: 200, body: { id: SUBMISSION.id, version: 2, position: "1-3", status: "rejected" } }));
    renderWithApp(<ReviewDialog submission={SUBMISSION} decision="reject" open onOpenChange={() => {}} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Review notes are required")).toBeTruthy();
    expect(calls).toEqual([]);
    await user.type(screen.getByRole("textbox", { name: "Review notes" }), "  Too dark  ");
    await user.click(screen.getByRole("button", { name: "Reject" }));
    expect(await screen.findByText("Content Rejected")).toBeTruthy();
    expect(calls).toEqual([
      { url: `/api/content-submissions/${SUBMISSION.id}/review`, method: "POST", body: { decision: "reject", reviewNotes: "Too dark" } },
    ]);
  });
});
