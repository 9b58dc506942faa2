// The staff list is read by the Reports page too, so it lives in ui/src/api/.
export { staffQueryOptions, useStaff } from "@/api/get-staff";
