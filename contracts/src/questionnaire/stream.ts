const PREFIX = "questionnaire-";

/** The stream of one lead's questionnaire submissions (one event per version). */
export const questionnaireStreamId = (leadId: string) => `${PREFIX}${leadId}`;

/** The lead id of a questionnaire stream, undefined for any other stream. */
export const leadIdOfQuestionnaireStream = (streamId: string): string | undefined =>
  streamId.startsWith(PREFIX) ? streamId.slice(PREFIX.length) : undefined;
