import { describe, expect, it, vi, afterEach } from "vitest";
import { Lead } from "@crm/contracts/lead/answers";
import { AnswerShapeError } from "@/lib/api-client";
import { createQueryClient } from "@/lib/query-client";
import { aLead } from "@/test/lead";
import { stubFetch } from "@/test/render";
import { leadQueryOptions } from "./get-lead.ts";

afterEach(() => vi.unstubAllGlobals());

const id = aLead().id;

describe("GET /api/leads/{id}", () => {
  it("the shared fixture is a lead as the contract says", () => {
    expect(Lead.safeParse(aLead()).success).toBe(true);
  });

  it("answers the parsed lead", async () => {
    stubFetch(() => ({ status: 200, body: aLead({ name: "Kit Keys" }) }));
    expect(await createQueryClient().fetchQuery(leadQueryOptions(id))).toMatchObject({ id, name: "Kit Keys" });
  });

  it("fails loudly, naming the field, when the answer is not a lead", async () => {
    stubFetch(() => ({ status: 200, body: { ...aLead(), stage: "Somewhere", version: "7" } }));
    const failure = await createQueryClient()
      .fetchQuery(leadQueryOptions(id))
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnswerShapeError);
    expect(String(failure)).toMatch(/GET \/api\/leads\/[\w-]+ answered an unexpected shape \(stage: .*; version: /);
  });
});
