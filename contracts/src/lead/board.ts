// No zod here: the browser reads these too (the schemas are in lead.ts).

/** How many leads a board column holds before it is scrolled near its end (GET /api/leads/board). */
export const BOARD_PAGE = 50;

/** The most leads one column may be asked for at once. */
export const BOARD_MAX_PAGE = 5_000;
