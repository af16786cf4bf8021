import { t } from '@lingui/core/macro';
import { toast } from 'sonner';

/** A toast the product shows: success or destructive, a title and an optional description. */
export interface ToastMessage {
  kind: 'success' | 'error';
  title: string;
  description?: string;
  /** a toast with the id of one still shown replaces it instead of stacking a copy */
  id?: string;
}

export function showToast(message: ToastMessage) {
  const options = { description: message.description, id: message.id };
  if (message.kind === 'success') toast.success(message.title, options);
  else toast.error(message.title, options);
}

/** A neutral notice (an action took effect, nothing went wrong or right). */
export function toastInfo(title: string, description?: string) {
  toast(title, { description });
}

export function toastSuccess(title: string, description?: string) {
  showToast({ kind: 'success', title, description });
}

/** A destructive toast with the given title; details of `error` go to the console. */
export function toastFailure(title: string, description?: string, error?: unknown, id?: string) {
  if (error !== undefined) console.error(title, description ?? '', error);
  showToast({ kind: 'error', title, description, id });
}

/** The spec's failure toast: destructive, titled "Error" (in the language on screen), with the given text. */
export function toastError(description: string, error?: unknown) {
  toastFailure(t`Error`, description, error);
}
