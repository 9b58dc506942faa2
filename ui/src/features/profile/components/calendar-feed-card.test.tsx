import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubFetch } from "@/test/render";
import { CalendarFeedCard } from "./calendar-feed-card.tsx";

afterEach(() => vi.unstubAllGlobals());

const TOKEN_A = "a".repeat(32);
const TOKEN_B = "b".repeat(32);

describe("the Calendar feed card", { timeout: 20_000 }, () => {
  it("turns the feed on and shows its address once, renews it to a new one, and turns it off", async () => {
    const issued = [TOKEN_A, TOKEN_B];
    const calls = stubFetch((url, init) => {
      if (url === "/api/calendar/feed" && init?.method === "POST")
        return { status: 201, body: { path: `/api/calendar/feeds/${issued.shift()}.ics`, createdAt: "2030-01-02T08:00:00.000Z" } };
      if (url === "/api/calendar/feed" && init?.method === "DELETE") return { status: 204 };
      if (url === "/api/calendar/feed") return { status: 200, body: { active: false, createdAt: null } };
      return { status: 404 };
    });
    renderWithApp(<CalendarFeedCard />);
    expect(await screen.findByText(/Google Calendar .* Outlook .* Apple Calendar/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Turn on calendar feed" }));
    const address = (await screen.findByRole("textbox", { name: "Calendar feed address" })) as HTMLInputElement;
    expect(address.value).toBe(`${window.location.origin}/api/calendar/feeds/${TOKEN_A}.ics`);

    await user.click(screen.getByRole("button", { name: "Renew" }));
    await waitFor(() => expect(address.value).toBe(`${window.location.origin}/api/calendar/feeds/${TOKEN_B}.ics`));
    expect(await screen.findByText("The old address no longer works: subscribe to the new one.")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Turn off" }));
    expect(await screen.findByText("Your feed is off.")).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "Calendar feed address" })).toBeNull();
    expect(calls.filter((c) => c.method !== "GET").map((c) => c.method)).toEqual(["POST", "POST", "DELETE"]);
  });

  it("says a feed that is on shows its address only when made", async () => {
    stubFetch((url) =>
      url === "/api/calendar/feed" ? { status: 200, body: { active: true, createdAt: "2030-01-02T08:00:00.000Z" } } : { status: 404 },
    );
    renderWithApp(<CalendarFeedCard />);
    expect(await screen.findByText(/Its address is shown only when it is made/)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Renew" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Turn off" })).toBeTruthy();
  });
});
