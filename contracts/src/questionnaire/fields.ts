// The questionnaire's fields (docs/product.md, "Onboarding"), without zod: the public page
// imports this module, and its chunk should not carry a schema library.

/** Follower and like counts: number inputs, non-negative integers. */
export const QUESTIONNAIRE_COUNT_FIELDS = [
  "instagramFollowers",
  "tiktokFollowers",
  "facebookFollowers",
  "facebookPageLikes",
  "youtubeSubscribers",
  "linkedinFollowers",
] as const;

/** Free-text answers (brandWords is one line; the others are long text). */
export const QUESTIONNAIRE_TEXT_FIELDS = [
  "companyOverview",
  "targetAudience",
  "uniqueSellingPoints",
  "marketingHistory",
  "goals",
  "expectations",
  "improvementAreas",
  "partnerships",
  "publicRelations",
  "competitors",
  "deadlines",
  "socialMediaInvolvement",
  "brandingGuidelines",
  "brandRepresentation",
  "brandWords",
  "additionalInfo",
] as const;

export type QuestionnaireCountField = (typeof QUESTIONNAIRE_COUNT_FIELDS)[number];
export type QuestionnaireTextField = (typeof QUESTIONNAIRE_TEXT_FIELDS)[number];
export type QuestionnaireField = QuestionnaireCountField | QuestionnaireTextField;

/** Every answer is optional (docs/product.md, "Onboarding"); null means "not answered". */
export type QuestionnaireAnswers = { [K in QuestionnaireCountField]: number | null } & { [K in QuestionnaireTextField]: string | null };

/** Bounds: far above any real account, and small enough that the whole body fits in 64 KB. */
export const MAX_COUNT = 10_000_000_000;
export const LONG_TEXT_MAX = 3_000;
export const BRAND_WORDS_MAX = 300;
export const QUESTIONNAIRE_BODY_LIMIT_BYTES = 64 * 1024;

export const QUESTIONNAIRE_LABELS: Record<QuestionnaireField, string> = {
  instagramFollowers: "Instagram followers",
  tiktokFollowers: "TikTok followers",
  facebookFollowers: "Facebook followers",
  facebookPageLikes: "Facebook page likes",
  youtubeSubscribers: "YouTube subscribers",
  linkedinFollowers: "LinkedIn followers",
  companyOverview: "Company overview",
  targetAudience: "Target audience",
  uniqueSellingPoints: "Unique selling points",
  marketingHistory: "Marketing history",
  goals: "Goals",
  expectations: "Expectations",
  improvementAreas: "Areas to improve",
  partnerships: "Partnerships",
  publicRelations: "Public relations",
  competitors: "Competitors",
  deadlines: "Deadlines",
  socialMediaInvolvement: "Social media involvement",
  brandingGuidelines: "Branding guidelines",
  brandRepresentation: "Brand representation",
  brandWords: "Brand in five words",
  additionalInfo: "Additional information",
};

export interface QuestionnaireSection {
  title: string;
  description: string;
  fields: readonly QuestionnaireField[];
}

/** How the form and the staff summary group the answers. */
export const QUESTIONNAIRE_SECTIONS: readonly QuestionnaireSection[] = [
  { title: "Social media audience", description: "Your current numbers, roughly is fine.", fields: QUESTIONNAIRE_COUNT_FIELDS },
  {
    title: "Your business",
    description: "Who you are and who you serve.",
    fields: ["companyOverview", "targetAudience", "uniqueSellingPoints", "competitors"],
  },
  {
    title: "Marketing so far",
    description: "What has been done and how it went.",
    fields: ["marketingHistory", "socialMediaInvolvement", "partnerships", "publicRelations"],
  },
  {
    title: "Goals and expectations",
    description: "What success looks like for you.",
    fields: ["goals", "expectations", "improvementAreas", "deadlines"],
  },
  {
    title: "Brand",
    description: "How your brand looks, sounds and feels.",
    fields: ["brandWords", "brandingGuidelines", "brandRepresentation", "additionalInfo"],
  },
];

/** An empty answer set (every field null). */
export function emptyAnswers(): QuestionnaireAnswers {
  const entries = [...QUESTIONNAIRE_COUNT_FIELDS, ...QUESTIONNAIRE_TEXT_FIELDS].map((field) => [field, null]);
  return Object.fromEntries(entries) as QuestionnaireAnswers;
}
