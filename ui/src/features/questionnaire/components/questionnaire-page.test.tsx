import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "@/components/ui/sonner";
import { QuestionnairePage } from "./questionnaire-page.tsx";

const LEAD_ID = "0b6f2a4e-6a51-4c39-9b1e-2f6f4f0f5a01";
const TOKEN = "q3Zt0mYk8vJx2Hc7Lw5Rb1Ns9Pd4Fg6Ae0Ui3Ko7Ty2";
const EXPIRED = "This link has expired; ask your agency for a new one.";
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/**
 * A fake network: the link check answers `link` (200 for the live token, else 410), the submit
 * answers `status` and `body`; records what was posted.
 */
function network(status: number, body: unknown) {
  const sent: { url: string; init: RequestInit }[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit = {}) => {
    if (url === "/api/branding") return json(200, { agencyName: "Northwind Studio", logoUrl: "/api/branding/logo?v=3" });
    if (url.startsWith("/api/questionnaire-links/")) {
      return url.endsWith(TOKEN)
        ? json(200, { purpose: "questionnaire", expiresAt: null })
        : json(410, { title: "Link expired", status: 410, detail: EXPIRED });
    }
    sent.push({ url, init });
    return json(status, body);
  });
  return sent;
}

function renderAt(path: string) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/onboarding-form/:token?" element={<QuestionnairePage />} />
        </Routes>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

afterEach(() => vi.unstubAllGlobals());

describe("public questionnaire page", () => {
  it("says the link is invalid without a token", () => {
    renderAt("/onboarding-form");
    expect(screen.getByRole("alert").textContent).toBe("Invalid questionnaire link. Please use the link provided in your email.");
    expect(screen.queryByRole("button", { name: /submit/i })).toBeNull();
  });

  it("says a link sent before tokens, with a lead id, has expired, and offers no form", async () => {
    const sent = network(201, {});
    renderAt(`/onboarding-form/${LEAD_ID}`);
    expect((await screen.findByRole("alert")).textContent).toBe(EXPIRED);
    expect(screen.queryByRole("button", { name: /submit/i })).toBeNull();
    expect(sent).toHaveLength(0);
    // The agency the client answers, from GET /api/branding.
    expect(await screen.findByText("Northwind Studio")).toBeTruthy();
    expect(document.querySelector('img[src="/api/branding/logo?v=3"]')).not.toBeNull();
  });

  it("sends counts as numbers and blanks as null with the link's token, then thanks the client and clears the form", async () => {
    const accepted = { id: "7e0c2a4e-6a51-4c39-9b1e-2f6f4f0f5a01", version: 1, position: "p1", submittedAt: "2026-11-26T10:00:00.000Z" };
    const sent = network(201, accepted);
    renderAt(`/onboarding-form/${TOKEN}`);
    const user = userEvent.setup();
    const followers = await screen.findByLabelText("Instagram followers");
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
    expect(body).not.toHaveProperty("leadId");
    expect(body).toMatchObject({
      token: TOKEN,
      instagramFollowers: 1200,
      tiktokFollowers: null,
      brandWords: "bold warm local honest fresh",
      goals: "More bookings",
      companyOverview: null,
    });
    expect(Object.keys(body)).toHaveLength(23);
    await waitFor(() => expect((screen.getByLabelText("Instagram followers") as HTMLInputElement).value).toBe(""));
    expect((screen.getByLabelText("Goals") as HTMLTextAreaElement).value).toBe("");
    expect(screen.getByRole("status").textContent).toMatch(/^Thank you! Your answers have reached our team\./);
    await user.type(screen.getByLabelText("Goals"), "More"); // a new answer: the thanks are for the last one
    expect(screen.queryByText(/Your answers have reached our team/)).toBeNull();
  });

  it("shows Submission Failed with the server's error and keeps the answers (a link revoked while the client typed)", async () => {
    network(410, { title: "Link expired", status: 410, detail: EXPIRED, error: EXPIRED });
    renderAt(`/onboarding-form/${TOKEN}`);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Goals"), "Grow");
    await user.click(screen.getByRole("button", { name: "Submit Questionnaire" }));
    await screen.findByText("Submission Failed");
    expect(screen.getByText(EXPIRED)).toBeTruthy();
    expect((screen.getByLabelText("Goals") as HTMLTextAreaElement).value).toBe("Grow");
  });
});
