/**
 * Search text folded for accent- and case-blind matching (issue 31): decomposed (NFD), its
 * combining marks (\p{M}) dropped, lower-cased, so "Gómez", "GOMEZ" and "gomez" fold alike. The
 * projector stores the folded haystack (the leads' `search` column) and the read API folds the
 * term with the same function, so both stores (PGlite, Postgres) match alike without unaccent.
 */
export const foldSearch = (text: string): string => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The haystack ?search= matches a lead against: name, business and email, folded. */
export const leadSearchText = (lead: { name: string; business: string; email: string }): string =>
  foldSearch(`${lead.name} ${lead.business} ${lead.email}`);
