import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, stubFetch } from "@/test/render";
import { CredentialsForm } from "./credentials-form.tsx";

const REFUSAL = "This password is too easy to guess. This is a commonly used password. Add more words that are less common.";

afterEach(() => vi.unstubAllGlobals());

/** The texts an element's aria-describedby points at, joined as a screen reader reads them. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");

describe("the sign-up form", () => {
  it("shows the server's refusal of a password under the password field, and clears it on a new password", async () => {
    const calls = stubFetch(() => ({
      status: 400,
      body: {
        type: "about:blank",
        title: "Validation failed",
        status: 400,
        detail: REFUSAL,
        errors: [{ field: "password", message: REFUSAL }],
      },
    }));
    renderWithApp(<CredentialsForm mode="sign-up" />);
    await userEvent.type(screen.getByLabelText("Email"), "ada@agency.test");
    await userEvent.type(screen.getByLabelText("Password"), "password1");
    await userEvent.click(screen.getByRole("button", { name: "Sign Up" }));

    expect((await screen.findByRole("alert")).textContent).toBe(REFUSAL);
    expect(screen.getByLabelText("Password").getAttribute("aria-invalid")).toBe("true");
    expect(descriptionOf(screen.getByLabelText("Password"))).toBe(
      `${REFUSAL} Use at least 8 characters; a few unrelated words are strong, a word with a number is not.`,
    );
    expect(screen.queryByText("Sign Up Failed")).toBeNull(); // under the field, not in a toast
    expect(calls.map((c) => c.url)).toEqual(["/api/auth/sign-up"]);

    await userEvent.type(screen.getByLabelText("Password"), "x");
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("rates the password as it is typed with the same scorer as the server", async () => {
    stubFetch(() => ({ status: 500 }));
    renderWithApp(<CredentialsForm mode="sign-up" />);
    await userEvent.type(screen.getByLabelText("Password"), "password1");
    const weak = await screen.findByText(/^Strength:/, {}, { timeout: 5000 });
    expect(weak.textContent).toMatch(/^Strength: Too weak — This is a commonly used password\./);

    await userEvent.clear(screen.getByLabelText("Password"));
    await userEvent.type(screen.getByLabelText("Password"), "violet tractors hum beneath quartz");
    expect((await screen.findByText("Strong")).closest("p")?.textContent).toBe("Strength: Strong");
  });
});

describe("the sign-in form", () => {
  it("rates nothing: the scorer is never loaded for signing in", async () => {
    const calls = stubFetch(() => ({ status: 401, body: { title: "Unauthenticated", status: 401, detail: "Invalid email or password." } }));
    renderWithApp(<CredentialsForm mode="sign-in" />);
    await userEvent.type(screen.getByLabelText("Email"), "ada@agency.test");
    await userEvent.type(screen.getByLabelText("Password"), "password1");
    await userEvent.click(screen.getByRole("button", { name: "Sign In" }));
    await screen.findByText("Invalid email or password.");
    expect(screen.getByText("Sign In Failed")).toBeTruthy();
    expect(screen.queryByText(/^Strength:/)).toBeNull();
    expect(screen.queryByRole("alert")).toBeNull();
    expect(calls).toHaveLength(1);
  });
});
