import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { CreativePage } from "./creative-page.tsx";

vi.mock("@/lib/session", () => ({
  useCurrentUser: () => ({ id: "d1", role: "Creative Director", displayName: "Dee", email: "d@x", approved: true }),
}));

const CLIENT = {
  id: "l1",
  name: "Ada Client",
  business: "Lovelace Co",
  email: "a@x",
  stage: "Active",
  creativeDirectorId: "d1",
  creativeDirectorName: "Dee",
};
const base = {
  leadId: "l1",
  leadName: "Ada Client",
  creativeDirectorId: "d1",
  description: null,
  caption: null,
  clientFeedback: null,
  reviewNotes: null,
  createdAt: "2030-01-01T00:00:00Z",
  createdBy: "d1",
  reviewedAt: null,
  reviewedBy: null,
  version: 1,
  file: null,
  fileUrl: null,
};
const SUBMISSIONS = [
  { ...base, id: "s1", type: "photo", title: "Hero", status: "pending" },
  { ...base, id: "s2", type: "caption", title: "Caption", status: "approved" },
];
const task = (id: string, status: string, dueDate: string | null) => ({
  id,
  leadId: "l1",
  leadName: "Ada Client",
  creativeDirectorId: "d1",
  title: `Task ${id}`,
  description: "Do it",
  status,
  priority: "high",
  attachments: [],
  files: [],
  notes: null,
  fileUrl: null,
  dueDate,
  createdAt: "2030-01-01T00:00:00Z",
  createdBy: "d1",
  updatedAt: "2030-01-01T00:00:00Z",
  completedAt: null,
  version: 1,
});
const TASKS = [task("a", "todo", "2000-01-01"), task("b", "in_progress", null), task("c", "completed", null)];

describe("creative page", () => {
  beforeEach(() => polyfillRadix());

  it("shows the four counters, then the submissions and grouped tasks; reviewing posts the decision", async () => {
    const calls = stubFetch((url, init) => {
      if (init?.method === "POST") return { status: 200, body: { id: "s1", version: 2, position: "1", status: "approved" } };
      if (url.startsWith("/api/creative/clients")) return { status: 200, body: [CLIENT] };
      if (url.startsWith("/api/content-submissions")) return { status: 200, body: SUBMISSIONS };
      return { status: 200, body: TASKS };
    });
    renderWithApp(<CreativePage />);
    expect(await screen.findByRole("heading", { name: "My Clients" })).toBeTruthy();
    const figures = screen.getByRole("list", { name: "Creative figures" });
    await waitFor(() => expect(within(figures).getByLabelText("Active Tasks: 2")).toBeTruthy());
    expect(within(figures).getByLabelText("My Clients: 1")).toBeTruthy();
    expect(within(figures).getByLabelText("Pending Submissions: 1")).toBeTruthy();
    expect(within(figures).getByLabelText("Approved Content: 1")).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole("tab", { name: "Tasks" }));
    expect(screen.getByRole("heading", { name: /Pending/ })).toBeTruthy();
    expect(screen.getByRole("heading", { name: /In Progress/ })).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "Task a" })).getByText("Overdue")).toBeTruthy();
    expect(within(screen.getByRole("listitem", { name: "Task b" })).queryByText("Overdue")).toBeNull();

    await user.click(screen.getByRole("tab", { name: "Submissions" }));
    expect(screen.queryByRole("button", { name: "Approve Caption" })).toBeNull(); // only pending ones
    await user.click(screen.getByRole("button", { name: "Approve Hero" }));
    await user.type(screen.getByLabelText(/Review notes/), "Great");
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        url: "/api/content-submissions/s1/review",
        body: { decision: "approve", reviewNotes: "Great" },
      }),
    );
    expect(await screen.findByText("Content Approved")).toBeTruthy();
  });
});
