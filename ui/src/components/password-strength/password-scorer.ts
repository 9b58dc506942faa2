// Loaded only through usePasswordStrength's dynamic import: the dictionaries are hundreds of
// kilobytes and must stay out of the sign-in route's chunks (decisions/040).
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { PASSWORD_SCORER_LIMITS, passwordUserInputs, verdictOf, type PasswordVerdict } from "@crm/contracts/auth/password-policy";

// The server's settings and user inputs (contracts/src/auth/password-policy.ts), so both give the same score.
const scorer = new ZxcvbnFactory({
  ...PASSWORD_SCORER_LIMITS,
  dictionary: { ...common.dictionary, ...en.dictionary },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});

/** zxcvbn's score of a password, with the person's email (and its words) as user inputs. */
export function scorePassword(password: string, userInputs: string[]): PasswordVerdict {
  return verdictOf(scorer.check(password, passwordUserInputs(userInputs)));
}
