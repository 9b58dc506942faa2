import type { QuestionnaireField } from "@crm/contracts/questionnaire/fields";

/** Placeholders that say what a good answer looks like. */
export const FIELD_HINTS: Record<QuestionnaireField, string> = {
  instagramFollowers: "e.g. 1200",
  tiktokFollowers: "e.g. 800",
  facebookFollowers: "e.g. 2500",
  facebookPageLikes: "e.g. 2300",
  youtubeSubscribers: "e.g. 150",
  linkedinFollowers: "e.g. 400",
  companyOverview: "What does your company do, and how did it start?",
  targetAudience: "Who are your ideal customers? Age, location, interests…",
  uniqueSellingPoints: "Why do customers choose you over others?",
  competitors: "Who do you compete with? Links are welcome.",
  marketingHistory: "Campaigns, agencies or channels you have tried, and how they went",
  socialMediaInvolvement: "Who posts today, how often, and on which platforms?",
  partnerships: "Brands, creators or organisations you work with",
  publicRelations: "Press coverage, awards or PR activity",
  goals: "What do you want to achieve in the next 6 to 12 months?",
  expectations: "What do you expect from working with us?",
  improvementAreas: "What is not working yet that you would like to fix?",
  deadlines: "Launches, events or dates we should plan around",
  brandWords: "e.g. bold, warm, local, fun, honest",
  brandingGuidelines: "Logo files, fonts, colours, a brand book? Share links if you have them.",
  brandRepresentation: "How should your brand look and sound to people?",
  additionalInfo: "Anything else we should know?",
};

/** Labels on the public form, phrased as questions where that reads better. */
export const FORM_LABELS: Partial<Record<QuestionnaireField, string>> = {
  brandWords: "Describe your brand in five words",
  companyOverview: "Company overview",
  improvementAreas: "Areas you would like to improve",
};
