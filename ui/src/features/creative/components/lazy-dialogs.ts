import { lazyDialog } from "@/components/lazy-dialog";

// The creative dialogs, each loading its code the first time it opens: the creative page and the lead
// page's cards show without their forms.
export const CreateTaskDialog = lazyDialog(() => import("./create-task-dialog.tsx").then((m) => m.CreateTaskDialog));
export const ReviewDialog = lazyDialog(() => import("./review-dialog.tsx").then((m) => m.ReviewDialog));
export const UploadContentDialog = lazyDialog(() => import("./upload-content-dialog.tsx").then((m) => m.UploadContentDialog));
