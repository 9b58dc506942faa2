import { lazyDialog } from "@/components/lazy-dialog";

// The Team page's dialogs, each loading its code the first time it opens.
export const ChangeRoleDialog = lazyDialog(() => import("./change-role-dialog.tsx").then((m) => m.ChangeRoleDialog));
export const DeactivateDialog = lazyDialog(() => import("./deactivate-dialog.tsx").then((m) => m.DeactivateDialog));
export const InviteDialog = lazyDialog(() => import("./invite-dialog.tsx").then((m) => m.InviteDialog));
export const WithdrawInvitationDialog = lazyDialog(() =>
  import("./withdraw-invitation-dialog.tsx").then((m) => m.WithdrawInvitationDialog),
);
