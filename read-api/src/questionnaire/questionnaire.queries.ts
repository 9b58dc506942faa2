import type { QuestionnaireAnswers } from "@crm/contracts/questionnaire/fields";
import type { QuestionnaireResponse, QuestionnaireVersion } from "@crm/contracts/questionnaire/questionnaire";
import { questionnaireResponses as responses } from "@crm/contracts/read-models/questionnaire";
import { selectAs } from "@crm/contracts/read-models/table";
import type { Queryable } from "@crm/infra/db/database";

const r = responses.as("r");
const RESPONSE = `${selectAs(r, ["id", "lead_id", "version", "submitted_at", "answers"])},
  (SELECT max(version) FROM ${responses} WHERE lead_id = r.lead_id)::int AS versions`;

type Stored = Omit<QuestionnaireResponse, keyof QuestionnaireAnswers> & { answers: QuestionnaireAnswers };

/** One version of a lead's answers (flattened, as docs/decisions/011-onboarding-and-public-questionnaire.md has them): the latest when version is undefined. */
export async function getResponse(q: Queryable, leadId: string, version?: number): Promise<QuestionnaireResponse | undefined> {
  const { rows } =
    version === undefined
      ? await q.query<Stored>(`SELECT ${RESPONSE} FROM ${r} WHERE r.lead_id = $1 ORDER BY r.version DESC LIMIT 1`, [leadId])
      : await q.query<Stored>(`SELECT ${RESPONSE} FROM ${r} WHERE r.lead_id = $1 AND r.version = $2`, [leadId, version]);
  if (!rows[0]) return undefined;
  const { answers, ...response } = rows[0];
  return { ...response, ...answers };
}

/** Every version of a lead's answers, newest first. */
export async function listVersions(q: Queryable, leadId: string): Promise<QuestionnaireVersion[]> {
  const { rows } = await q.query<QuestionnaireVersion>(
    `SELECT ${selectAs(responses.as(), ["id", "version", "submitted_at", "answered"])} FROM ${responses} WHERE lead_id = $1 ORDER BY version DESC`,
    [leadId],
  );
  return rows;
}
