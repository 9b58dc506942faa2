import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { CreativeTask } from "@crm/contracts/creative/answers";
import { renderWithApp } from "@/test/render";
import { TaskItem } from "./task-item.tsx";

const task: CreativeTask = {
  id: "00000000-0000-4000-8000-0000000000a1",
  leadId: "00000000-0000-4000-8000-000000000001",
  leadName: "Ava Stone",
  creativeDirectorId: "00000000-0000-4000-8000-0000000000d1",
  title: "Storyboard the reel",
  description: "Six frames",
  status: "in_progress",
  priority: "high",
  attachments: [],
  files: [],
  notes: null,
  fileUrl: null,
  dueDate: "2030-01-31",
  createdAt: "2026-11-20T10:00:00.000Z",
  createdBy: "00000000-0000-4000-8000-0000000000d1",
  updatedAt: "2026-11-21T10:00:00.000Z",
  completedAt: null,
  version: 2,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

afterEach(() => vi.unstubAllGlobals());

describe("a task's moves", () => {
  it("say Task Completed though the refresh moved the task out of its column before the answer came", async () => {
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal(
      "fetch",
      vi.fn((input: RequestInfo | URL) =>
        String(input).endsWith(`/api/creative-tasks/${task.id}/complete`)
          ? new Promise<Response>((resolve) => (answer = resolve))
          : Promise.resolve(json(200, [])),
      ),
    );
    let moveOut: () => void = () => {};
    function InProgressColumn() {
      const [shown, setShown] = useState(true);
      moveOut = () => setShown(false);
      return <ul>{shown && <TaskItem task={task} today="2026-11-22" showLead={false} canAct />}</ul>;
    }
    renderWithApp(<InProgressColumn />);

    await userEvent.setup().click(screen.getByRole("button", { name: `Mark ${task.title} complete` }));
    act(() => moveOut()); // as the live update or the refresh does: the item is now in the Completed column
    await act(async () => answer(json(200, { id: task.id, version: 3, position: "1", status: "completed" })));

    expect(await screen.findByText("Task Completed")).toBeTruthy();
    expect(screen.getByText(task.title)).toBeTruthy(); // the toast's description
  });

  it("say why a move failed, from the server's problem", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(() => Promise.resolve(json(409, { title: "Conflict", status: 409, detail: "The task is already completed." }))),
    );
    renderWithApp(
      <ul>
        <TaskItem task={task} today="2026-11-22" showLead={false} canAct />
      </ul>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: `Mark ${task.title} complete` }));
    expect(await screen.findByText("Task Update Failed")).toBeTruthy();
    expect(screen.getByText("The task is already completed.")).toBeTruthy();
  });
});
