import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { polyfillRadix, renderWithApp, stubFetch } from "@/test/render";
import { CreativePage } from "./creative-page.tsx";

const LEAD = "00000000-0000-4000-8000-000000000001";
const DIRECTOR = "00000000-0000-4000-8000-0000000000d1";
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

vi.mock("@/lib/session", () => ({
  useCurrentUser: () => ({
    id: "00000000-0000-4000-8000-0000000000d1",
    role: "Creative Director",
    displayName: "Dee",
    email: "d@x",
    approved: true,
  }),
}));

const CLIENT = {
  id: LEAD,
  name: "Ada Client",
  business: "Lovelace Co",
  email: "a@x",
  stage: "Active",
  creativeDirectorId: DIRECTOR,
  creativeDirectorName: "Dee",
};
const base = {
  leadId: LEAD,
  leadName: "Ada Client",
  creativeDirectorId: DIRECTOR,
  description: null,
  caption: null,
  clientFeedback: null,
  reviewNotes: null,
  createdAt: "2030-01-01T00:00:00Z",
  createdBy: DIRECTOR,
  reviewedAt: null,
  reviewedBy: null,
  version: 1,
  file: null,
  fileUrl: null,
};
const SUBMISSIONS = [
  { ...base, id: uuid(0x51), type: "photo", title: "Hero", status: "pending" },
  { ...base, id: uuid(0x52), type: "caption", title: "Caption", status: "approved" },
];
const task = (id: string, status: string, dueDate: string | null) => ({
  id: uuid(parseInt(id, 16)),
  leadId: LEAD,
  leadName: "Ada Client",
  creativeDirectorId: DIRECTOR,
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
  createdBy: DIRECTOR,
  updatedAt: "2030-01-01T00:00:00Z",
  completedAt: null,
  version: 1,
});
const TASKS = [task("a", "todo", "2000-01-01"), task("b", "in_progress", null), task("c", "completed", null)];

describe("creative page", () => {
  beforeEach(() => polyfillRadix());

  it("shows the four counters, then the submissions and grouped tasks; reviewing posts the decision", async () => {
    const calls = stubFetch((url, init) => {
      if (init?.method === "POST") return { status: 200, body: { id: uuid(0x51), version: 2, position: "1", status: "approved" } };
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
    await user.type(await screen.findByLabelText(/Review notes/), "Great"); // the dialog loads on first use
    await user.click(screen.getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "POST")).toMatchObject({
        url: `/api/content-submissions/${uuid(0x51)}/review`,
        body: { decision: "approve", reviewNotes: "Great" },
      }),
    );
    expect(await screen.findByText("Content Approved")).toBeTruthy();
  });
});
