import { toast } from 'sonner';
import type { ToastMessage } from '../logic/promo';

export function showToast(message: ToastMessage) {
  if (message.kind === 'success') toast.success(message.title, { description: message.description });
  else toast.error(message.title, { description: message.description });
}
