// The Reports page names owners the same way, so the rules live in ui/src/lib/.
export { FORMER_COLLEAGUE, ownerName, possibleOwners } from "@/lib/owners";
