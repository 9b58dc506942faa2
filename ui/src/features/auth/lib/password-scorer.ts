// Loaded only through usePasswordStrength's dynamic import: the dictionaries are hundreds of
// kilobytes and must stay out of the sign-in route's chunks (decisions/040).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";

export interface PasswordScore {
  score: number;
  warning: string | null;
  suggestions: string[];
}

// The server's settings (infra/src/auth/password-strength.ts), so both give the same score.
const scorer = new ZxcvbnFactory({
  maxLength: 64,
  l33tMaxSubstitutions: 16,
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn's score of a password, with the person's email (and its words) as user inputs. */
export function scorePassword(password: string, userInputs: string[]): PasswordScore {
  const inputs = userInputs.flatMap((input) => [input, input.split("@")[0] ?? "", ...input.toLowerCase().split(/[^\p{L}\p{N}]+/u)]);
  const result = scorer.check(
    password,
    inputs.filter((word) => word.length >= 3),
  );
  return { score: result.score, warning: result.feedback.warning, suggestions: result.feedback.suggestions };
}
