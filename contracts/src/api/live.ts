/** The NOTIFY channel the projector announces progress on. */
export const PROJECTIONS_CHANNEL = "crm_projections";

/**
 * "The read models advanced": sent by the projector after each committed batch and forwarded to
 * browsers over Server-Sent Events; topics name what changed ("leads", "lead:<id>", "stats", …).
 */
export interface AdvancedNotice {
  position: string;
  topics: string[];
  /** Where every read model is now (the least checkpoint); absent from older projectors' notices. */
  passed?: string;
  /** Read models a rebuild has just swapped in (new tables, from the first event): anything shown may have changed. */
  rebuilt?: string[];
}
