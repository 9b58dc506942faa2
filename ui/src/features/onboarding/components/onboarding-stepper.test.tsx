import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { OnboardingStepper } from "./onboarding-stepper.tsx";

/** Each step's label and status as a person reads them. */
function steps(stage: string) {
  render(<OnboardingStepper stage={stage} />);
  const list = screen.getByRole("list", { name: "Onboarding progress" });
  return within(list)
    .getAllByRole("listitem")
    .map((item) => [item.textContent?.replace(/^\d/, ""), item.getAttribute("aria-current")]);
}

describe("onboarding stepper: each step completed, current or pending from the stage", () => {
  it("leaves every step pending for a freshly signed contract", () => {
    expect(steps("Contract Signed")).toEqual([
      ["Form SentPending", null],
      ["Meeting ScheduledPending", null],
      ["Director AssignedPending", null],
      ["Active ClientPending", null],
    ]);
  });

  it("marks the step of the lead's stage current and the earlier ones completed", () => {
    expect(steps("Onboarding Scheduled")).toEqual([
      ["Form SentCompleted", null],
      ["Meeting ScheduledCurrent", "step"],
      ["Director AssignedPending", null],
      ["Active ClientPending", null],
    ]);
  });

  it("shows Form Sent current right after the form went out", () => {
    expect(steps("Onboarding Form Sent")[0]).toEqual(["Form SentCurrent", "step"]);
  });

  it("ends with Active Client current and the rest completed", () => {
    expect(steps("Active").map(([text]) => text)).toEqual([
      "Form SentCompleted",
      "Meeting ScheduledCompleted",
      "Director AssignedCompleted",
      "Active ClientCurrent",
    ]);
  });

  it("leaves every step pending for a stage before onboarding", () => {
    expect(steps("Contacted").every(([text]) => text?.endsWith("Pending"))).toBe(true);
  });
});
