// The form kit (docs/decisions/046-ui-by-feature.md): every dialog's fields, errors, pending label, failure toast and reset.
export { FormDialog, type FormDialogProps } from "./form-dialog.tsx";
export { FormField, TextareaField, TextField, type CommonFieldProps, type ControlProps } from "./fields.tsx";
export { SelectField, type SelectOption } from "./select-field.tsx";
export {
  applyFieldErrors,
  Refusal,
  useMutationForm,
  type FailureToast,
  type ToastText,
  type MutationForm,
  type MutationFormOptions,
} from "./use-mutation-form.ts";
