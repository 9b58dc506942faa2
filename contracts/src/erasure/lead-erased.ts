import { ApiError } from "../api/errors.ts";

/** What every command on an erased lead, and every message to it, answers (409). */
export const LEAD_ERASED = "This lead's personal data was erased; it can no longer be changed or contacted.";

/** The problem's title, which tells this 409 apart from a version conflict (the UI shows its detail). */
export const LEAD_ERASED_TITLE = "Lead erased";

/** The refusal of a write or a message to an erased lead. */
export const leadErased = () => new ApiError(409, LEAD_ERASED_TITLE, LEAD_ERASED);
