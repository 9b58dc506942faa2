import { expect, request, test as setup } from "@playwright/test";
import { CREATIVE_DIRECTOR, PARTNER, PROJECT_MANAGER, signUpAndRegister } from "./support/accounts.ts";

const LEADS = [
  { name: "Ava Stone", business: "Stone & Co Bakery", email: "ava@stonebakery.test", priority: "high", stage: "New Lead" },
  { name: "Ben Ortiz", business: "Ortiz Fitness", email: "ben@ortizfit.test", priority: "medium", stage: "Contacted" },
  { name: "Chloe Park", business: "Park Florals", email: "chloe@parkflorals.test", priority: "low", stage: "Proposal Sent" },
  { name: "Dev Rao", business: "Rao Architects", email: "dev@raoarch.test", priority: "medium", stage: "Contract Sent" },
  { name: "Elena Ruiz", business: "Ruiz Coffee Roasters", email: "elena@ruizcoffee.test", priority: "high", stage: "Contract Signed" },
  { name: "Farah Khan", business: "Khan Studios", email: "farah@khanstudios.test", priority: "medium", stage: "New Lead" },
];

// Staff accounts through the real API (the same calls the UI makes), each kept as a browser state.
setup("staff accounts and a small pipeline", async ({ baseURL }) => {
  // Cookie-authenticated changes must come from the app's own origin (CSRF rule).
  const contextFor = () => request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
  const partner = await contextFor();
  await signUpAndRegister(partner, PARTNER);
  const me = await (await partner.get("/api/auth/me")).json();
  expect(me.user).toMatchObject({ role: "Partner", approved: true });

  for (const who of [PROJECT_MANAGER, CREATIVE_DIRECTOR]) {
    const api = await contextFor();
    const id = await signUpAndRegister(api, who);
    expect((await partner.post(`/api/users/${id}/approve`)).ok()).toBe(true);
    await api.storageState({ path: who.state });
    await api.dispose();
  }

  for (const { stage, ...lead } of LEADS) {
    const created = await partner.post("/api/leads", { data: lead });
    expect(created.status(), await created.text()).toBe(201);
    const { id } = await created.json();
    if (stage !== "New Lead") expect((await partner.patch(`/api/leads/${id}`, { data: { stage } })).ok()).toBe(true);
  }
  await partner.storageState({ path: PARTNER.state });
  await partner.dispose();
});
