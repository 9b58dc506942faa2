import { lazyDialog } from "@/components/lazy-dialog";

// The leads feature's dialogs, each loading its code the first time it opens: no screen's first paint
// carries their forms. The board uses them all; the lead page and the onboarding screen (app/) some.
export const AddLeadDialog = lazyDialog(() => import("./add-lead-dialog.tsx").then((m) => m.AddLeadDialog));
export const ArchiveLeadDialog = lazyDialog(() => import("./archive-lead-dialog.tsx").then((m) => m.ArchiveLeadDialog));
export const ChangeOwnerDialog = lazyDialog(() => import("./change-owner-dialog.tsx").then((m) => m.ChangeOwnerDialog));
export const EditLeadDialog = lazyDialog(() => import("./edit-lead-dialog.tsx").then((m) => m.EditLeadDialog));
export const ImportCsvDialog = lazyDialog(() => import("./import-csv-dialog.tsx").then((m) => m.ImportCsvDialog));
export const LogActivityDialog = lazyDialog(() => import("./log-activity-dialog.tsx").then((m) => m.LogActivityDialog));
export const LeadDetailsDialog = lazyDialog(() => import("./lead-details-dialog.tsx").then((m) => m.LeadDetailsDialog));
export const LoseLeadDialog = lazyDialog(() => import("./lose-lead-dialog.tsx").then((m) => m.LoseLeadDialog));
export const ReassignLeadsDialog = lazyDialog(() => import("./change-owner-dialog.tsx").then((m) => m.ReassignLeadsDialog));
export const ScheduleMeetingDialog = lazyDialog(() => import("./schedule-meeting-dialog.tsx").then((m) => m.ScheduleMeetingDialog));
export const SendEmailDialog = lazyDialog(() => import("./send-email-dialog.tsx").then((m) => m.SendEmailDialog));
export const SendFormDialog = lazyDialog(() => import("./send-form-dialog.tsx").then((m) => m.SendFormDialog));
export const SendSmsDialog = lazyDialog(() => import("./send-sms-dialog.tsx").then((m) => m.SendSmsDialog));
export const UpdateStageDialog = lazyDialog(() => import("./update-stage-dialog.tsx").then((m) => m.UpdateStageDialog));
