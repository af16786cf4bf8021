import { toast } from 'sonner';

/** The spec's failure toast: destructive, titled "Error", with the given text; details go to the console. */
export function toastError(description: string, error?: unknown) {
  if (error !== undefined) console.error(description, error);
  toast.error('Error', { description });
}
