import type { Upcaster } from "../events/registry.ts";

/** CreativeDirectorUnassigned v1 -> v2: previousDirectorId became creativeDirectorId, the name CreativeDirectorAssigned uses. */
export const upcastCreativeDirectorUnassignedV1: Upcaster = ({ previousDirectorId, ...rest }) => ({ ...rest, creativeDirectorId: previousDirectorId });
