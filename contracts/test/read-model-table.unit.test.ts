import { describe, expect, expectTypeOf, it } from "vitest";
import { leadStreams } from "../src/read-models/lead-streams.ts";
import { leads, type LeadsRow } from "../src/read-models/leads.ts";
import { questionnaireResponses } from "../src/read-models/questionnaire.ts";
import { users, type UserRow } from "../src/read-models/users.ts";
import { createTableSql, integer, selectAs, sqlTypes, table, text, type RowOf } from "../src/read-models/table.ts";

/** A generated column (the leads' search was one until issue 31 folded it in the projector). */
const folded = table("folded", { id: integer().primaryKey(), name: text(), search: text().nullable().generated("lower(name)") });

describe("read-model table contracts", () => {
  it("make their DDL from the declaration: types, NOT NULL, keys, defaults, collations, generated columns", () => {
    expect(createTableSql(users)).toContain("id uuid PRIMARY KEY,\n  email text NOT NULL,");
    expect(createTableSql(users)).toContain("approved boolean NOT NULL DEFAULT false,");
    expect(createTableSql(users)).toContain("approved_at timestamptz,");
    expect(createTableSql(leads)).toContain(`rank text COLLATE "C" NOT NULL,`);
    expect(createTableSql(folded)).toContain("search text GENERATED ALWAYS AS (lower(name)) STORED\n);");
    expect(createTableSql(leadStreams)).toContain("PRIMARY KEY (lead_id, stream_id)\n);");
    expect(createTableSql(questionnaireResponses)).toContain("UNIQUE (lead_id, version)\n);");
  });

  it("name their table and columns, qualified or not, and select them under the API's names", () => {
    const l = leads.as("l");
    expect(`SELECT ${l.stage} FROM ${l} WHERE ${leads.c.id} = $1 AND ${leads} IS NOT NULL`).toBe(
      "SELECT l.stage FROM leads l WHERE id = $1 AND leads IS NOT NULL",
    );
    expect(selectAs(users.as(), ["id", "display_name"])).toBe(`id, display_name AS "displayName"`);
    expect(selectAs(l, ["proposal_link"])).toBe(`l.proposal_link AS "proposalLink"`);
  });

  it("give the projection every column but the generated ones, in table order", () => {
    expect(Object.keys(sqlTypes(leads)).slice(-3)).toEqual(["rank", "card", "search"]);
    expect(Object.keys(sqlTypes(folded))).toEqual(["id", "name"]);
    expect(sqlTypes(users).approved).toBe("boolean");
  });

  it("infer the row type from the declaration", () => {
    expectTypeOf<UserRow["approved_at"]>().toEqualTypeOf<string | null>();
    expectTypeOf<UserRow["approved"]>().toEqualTypeOf<boolean>();
    expectTypeOf<LeadsRow["version"]>().toEqualTypeOf<number>();
    expectTypeOf<RowOf<typeof folded>>().not.toHaveProperty("search");
  });
});
