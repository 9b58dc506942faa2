/**
 * The password policy, free of zod so the sign-up page can import it (decision 040): its length,
 * the zxcvbn-ts score a new password must reach, and the scorer's settings, so the server's verdict
 * and the page's meter are the same score.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
/** zxcvbn's score a new password must reach (0 to 4): 3 resists an online attack and a slow offline one. */
export const PASSWORD_MIN_SCORE = 3;

/**
 * The scorer's cost grows with length and with characters the l33t matcher may substitute: a
 * random 256-character password took 2 s of CPU with the defaults, 70 ms with these. Only the
 * first 64 characters are scored.
 */
export const PASSWORD_SCORER_LIMITS = { maxLength: 64, l33tMaxSubstitutions: 16 } as const;

/** An email or a name, its part before "@" and its words, so that a password made of them scores low. */
export const passwordUserInputs = (inputs: readonly string[]): string[] => [
  ...new Set(
    inputs
      .map((input) => input.toLowerCase())
      .flatMap((input) => [input, input.split("@")[0]!, ...input.split(/[^\p{L}\p{N}]+/u)])
      .filter((word) => word.length >= 3),
  ),
];

/** What a score says: zxcvbn's 0 (guessable in a few tries) to 4, and its advice. */
export interface PasswordVerdict {
  score: number;
  warning: string | null;
  suggestions: string[];
}

/** The verdict of a zxcvbn result. */
export const verdictOf = (result: { score: number; feedback: { warning: string | null; suggestions: string[] } }): PasswordVerdict => ({
  score: result.score,
  warning: result.feedback.warning,
  suggestions: result.feedback.suggestions,
});

/** The advice to show under a too-weak password: the warning, then the suggestions. */
export const adviceOf = (verdict: PasswordVerdict): string[] =>
  [verdict.warning, ...verdict.suggestions].filter((line): line is string => !!line);
