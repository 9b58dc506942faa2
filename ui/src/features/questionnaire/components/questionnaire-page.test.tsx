import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/toaster";
import { QuestionnairePage } from "./questionnaire-page.tsx";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";

/** A fake network with one canned answer; records what was sent. */
function network(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  });
  return sent;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/onboarding-form/:leadId?" element={<QuestionnairePage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("public questionnaire page", () => {
  it("says the link is invalid without a lead id", () => {
    renderAt("/onboarding-form");
    expect(screen.getByRole("alert").textContent).toBe("Invalid questionnaire link. Please use the link provided in your email.");
    expect(screen.queryByRole("button", { name: /submit/i })).toBeNull();
  });

  it("sends counts as numbers and blanks as null, then thanks the client and clears the form", async () => {
    const sent = network(201, { id: "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01", version: 1 });
    renderAt(`/onboarding-form/${LEAD_ID}`);
    const user = userEvent.setup();
    const followers = screen.getByLabelText("Instagram followers");
    expect(followers.getAttribute("type")).toBe("number");
    await user.type(followers, "1200");
    await user.type(screen.getByLabelText("Describe your brand in five words"), "bold warm local honest fresh");
    await user.type(screen.getByLabelText("Goals"), "  More bookings  ");
    await user.click(screen.getByRole("button", { name: "Submit Questionnaire" }));

    await screen.findByText("Thank You!");
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/api/questionnaire");
    expect(sent[0]!.init.credentials).toBe("omit");
    const body = JSON.parse(String(sent[0]!.init.body));
    expect(body).toMatchObject({
      leadId: LEAD_ID,
      instagramFollowers: 1200,
      tiktokFollowers: null,
      brandWords: "bold warm local honest fresh",
      goals: "More bookings",
      companyOverview: null,
    });
    expect(Object.keys(body)).toHaveLength(23);
    await waitFor(() => expect((screen.getByLabelText("Instagram followers") as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText("Goals") as HTMLTextAreaElement).value).toBe("");
  });

  it("shows Submission Failed with the server's error and keeps the answers", async () => {
    network(404, {
      title: "Not found",
      status: 404,
      detail: "This questionnaire link was not found.",
      error: "This questionnaire link was not found.",
    });
    renderAt(`/onboarding-form/${LEAD_ID}`);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Goals"), "Grow");
    await user.click(screen.getByRole("button", { name: "Submit Questionnaire" }));
    await screen.findByText("Submission Failed");
    expect(screen.getByText("This questionnaire link was not found.")).toBeTruthy();
    expect((screen.getByLabelText("Goals") as HTMLTextAreaElement).value).toBe("Grow");
  });
});
