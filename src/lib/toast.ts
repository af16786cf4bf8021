import { toast } from 'sonner';

/** A toast the product shows: success or destructive, a title and an optional description. */
export interface ToastMessage {
  kind: 'success' | 'error';
  title: string;
  description?: string;
}

export function showToast(message: ToastMessage) {
  if (message.kind === 'success') toast.success(message.title, { description: message.description });
  else toast.error(message.title, { description: message.description });
}

/** A neutral notice (an action took effect, nothing went wrong or right). */
export function toastInfo(title: string, description?: string) {
  toast(title, { description });
}

export function toastSuccess(title: string, description?: string) {
  showToast({ kind: 'success', title, description });
}

/** A destructive toast with the given title; details of `error` go to the console. */
export function toastFailure(title: string, description?: string, error?: unknown) {
  if (error !== undefined) console.error(title, description ?? '', error);
  showToast({ kind: 'error', title, description });
}

/** The spec's failure toast: destructive, titled "Error", with the given text. */
export function toastError(description: string, error?: unknown) {
  toastFailure('Error', description, error);
}
