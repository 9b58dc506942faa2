const SUBMISSION = "submission-";
const TASK = "task-";
const FILE = "file-";

/** One content submission: submitted, then reviewed (decisions/013). */
export const submissionStreamId = (id: string) => `${SUBMISSION}${id}`;
/** One creative task: created, started, completed or cancelled. */
export const taskStreamId = (id: string) => `${TASK}${id}`;
/** One uploaded file: the upload is a command of its own, before a submission or task names it. */
export const fileStreamId = (id: string) => `${FILE}${id}`;

const idOf = (prefix: string) => (streamId: string) => (streamId.startsWith(prefix) ? streamId.slice(prefix.length) : undefined);
export const submissionIdOfStream = idOf(SUBMISSION);
export const taskIdOfStream = idOf(TASK);
export const fileIdOfStream = idOf(FILE);
