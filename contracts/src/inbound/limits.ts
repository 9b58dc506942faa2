// No zod here: plain values the intake, the UI and docs/product.md ("Limits and constants") share.

/** The largest message the intake takes (the SMTP listener answers 552 above it). */
export const INBOUND_MESSAGE_MAX_BYTES = 25 * 1024 * 1024;

/** How much of a message's plain text is kept on its event (characters); the rest is cut. */
export const INBOUND_TEXT_MAX_CHARS = 100_000;

/** How much of a subject is kept (characters). */
export const INBOUND_SUBJECT_MAX_CHARS = 998;
