import path from "node:path";
import type { APIRequestContext } from "@playwright/test";

export type Role = "Partner" | "Project Manager" | "Creative Director";

export interface Account {
  email: string;
  password: string;
  displayName: string;
  role: Role;
  /** Where the signed-in browser state is kept between the setup and the journeys. */
  state: string;
}

const stateDir = path.join(process.env.E2E_DATA_DIR ?? "test-results", "browser-states");
const account = (key: string, displayName: string, role: Role): Account => ({
  email: `${key}@agency.test`,
  password: "correct horse battery",
  displayName,
  role,
  state: path.join(stateDir, `${key}.json`),
});

/** The Partner is the first account on the empty system, so it is approved at once. */
export const PARTNER = account("pat.partner", "Pat Partner", "Partner");
export const PROJECT_MANAGER = account("max.manager", "Max Manager", "Project Manager");
export const CREATIVE_DIRECTOR = account("cleo.creative", "Cleo Creative", "Creative Director");
export const STAFF = [PARTNER, PROJECT_MANAGER, CREATIVE_DIRECTOR];

/** Signs up and requests access through the real API; returns the new user's id. */
export async function signUpAndRegister(api: APIRequestContext, who: Account): Promise<string> {
  const signUp = await api.post("/api/auth/sign-up", { data: { email: who.email, password: who.password } });
  if (signUp.status() !== 201) throw new Error(`sign-up ${who.email}: ${signUp.status()} ${await signUp.text()}`);
  const register = await api.post("/api/auth/register", { data: { displayName: who.displayName, role: who.role } });
  if (register.status() !== 201) throw new Error(`register ${who.email}: ${register.status()} ${await register.text()}`);
  return ((await register.json()) as { id: string }).id;
}
