import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ValidationError } from "@crm/contracts/api/errors";
import { PASSWORD_MIN_SCORE } from "@crm/contracts/auth/auth";

export interface PasswordVerdict {
  /** zxcvbn's 0 (guessable in a few tries) to 4 (beyond any online or offline attack). */
  score: number;
  warning: string | null;
  suggestions: string[];
}

/**
 * The scorer's cost grows with length and with characters the l33t matcher may substitute: a
 * random 256-character password took 2 s of CPU with the defaults, 70 ms with these (decision 040).
 * Only the first 64 characters are scored.
 */
const LIMITS = { maxLength: 64, l33tMaxSubstitutions: 16 };

let scorer: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are megabytes: loaded on the first password scored, once per process. */
function loadScorer(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        ...LIMITS,
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
      }),
  );
  scorer.catch(() => {
    scorer = undefined; // the next sign-up tries again rather than failing for the process's life
  });
  return scorer;
}

/** An email or a name, its part before "@" and its words, so that a password made of them scores low. */
const wordsOf = (inputs: readonly string[]) => [
  ...new Set(
    inputs
      .map((input) => input.toLowerCase())
      .flatMap((input) => [input, input.split("@")[0]!, ...input.split(/[^\p{L}\p{N}]+/u)])
      .filter((word) => word.length >= 3),
  ),
];

/** Scores a password against the common and English dictionaries and the person's own email or name. */
export async function scorePassword(password: string, userInputs: readonly string[] = []): Promise<PasswordVerdict> {
  const result = (await loadScorer()).check(password, wordsOf(userInputs));
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}

/** Refuses a new password scoring below PASSWORD_MIN_SCORE: a 400 naming `password`, with the scorer's advice. */
export async function assertStrongPassword(password: string, userInputs: readonly string[] = []): Promise<void> {
  const verdict = await scorePassword(password, userInputs);
  if (verdict.score >= PASSWORD_MIN_SCORE) return;
  const advice = [verdict.warning, ...verdict.suggestions].filter((line): line is string => !!line).join(" ");
  const message = `This password is too easy to guess.${advice ? ` ${advice}` : " Add more words that are less common."}`;
  throw new ValidationError([{ field: "password", message }], message);
}
