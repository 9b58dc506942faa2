/** "MMM d, yyyy at h:mm a" in the reader's zone: the shared formatter (ui/src/lib/format.ts), kept under this name for the lead screens. */
export { formatDateTime } from "@/lib/format";
