import { useMutation } from '@tanstack/react-query';
import { invokePublicFunction } from '@/lib/public-db';
import type { ContactPayload } from '../logic/contact';

export interface ContactResult {
  id?: string;
  email_status?: string;
}

/** Function send-contact-email with {name, email, phone | null, message}. */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (payload: ContactPayload) => invokePublicFunction<ContactResult>('send-contact-email', payload),
  });
}
