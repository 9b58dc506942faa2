/** A table shaped like events, for the limits: what a plain INSERT commit costs on this database. */
export const LIMIT_EVENTS_DDL = `CREATE TABLE limit_events (LIKE events INCLUDING DEFAULTS INCLUDING INDEXES INCLUDING CONSTRAINTS)`;
