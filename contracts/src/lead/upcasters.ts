import type { Upcaster } from "../events/registry.ts";

/** CreativeDirectorUnassigned v1 -> v2: previousDirectorId became creativeDirectorId, the name CreativeDirectorAssigned uses. */
export const upcastCreativeDirectorUnassignedV1: Upcaster = ({ previousDirectorId, ...rest }) => ({ ...rest, creativeDirectorId: previousDirectorId });

/** LeadStageChanged v1 -> v2: a stage change without a place lands on top of its column, as v1's did. */
export const upcastLeadStageChangedV1: Upcaster = (data) => ({ ...data, afterId: null, beforeId: null });
