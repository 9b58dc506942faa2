import type { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { ValidationError } from "@crm/contracts/api/errors";
import {
  adviceOf,
  PASSWORD_MIN_SCORE,
  PASSWORD_SCORER_LIMITS,
  passwordUserInputs,
  verdictOf,
  type PasswordVerdict,
} from "@crm/contracts/auth/password-policy";

let scorer: Promise<ZxcvbnFactory> | undefined;

/** The dictionaries are megabytes: loaded on the first password scored, once per process. */
function loadScorer(): Promise<ZxcvbnFactory> {
  scorer ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common"), import("@zxcvbn-ts/language-en")]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        ...PASSWORD_SCORER_LIMITS,
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

/** Scores a password against the common and English dictionaries and the person's own email or name. */
export async function scorePassword(password: string, userInputs: readonly string[] = []): Promise<PasswordVerdict> {
  return verdictOf((await loadScorer()).check(password, passwordUserInputs(userInputs)));
}

/** Refuses a new password scoring below PASSWORD_MIN_SCORE: a 400 naming `password`, with the scorer's advice. */
export async function assertStrongPassword(password: string, userInputs: readonly string[] = []): Promise<void> {
  const verdict = await scorePassword(password, userInputs);
  if (verdict.score >= PASSWORD_MIN_SCORE) return;
  const advice = adviceOf(verdict).join(" ");
  const message = `This password is too easy to guess.${advice ? ` ${advice}` : " Add more words that are less common."}`;
  throw new ValidationError([{ field: "password", message }], message);
}
