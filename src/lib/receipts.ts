import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from './edge-functions';

/** Who asks for a receipt: staff by the booking's id (their session), the guest by the private link. */
export type ReceiptRequest = { booking_id: string } | { reference: string; token: string };

/** Asks the receipts function for the stay's PDF and saves it as receipt-<reference>.pdf. */
export async function downloadReceipt(request: ReceiptRequest, reference: string): Promise<void> {
  const pdf = await invokeFunction<Blob>('receipts', request);
  const url = URL.createObjectURL(pdf);
  const link = Object.assign(document.createElement('a'), { href: url, download: `receipt-${reference}.pdf` });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** downloadReceipt as a mutation: its pending state drives the button, its error the toast. */
export function useReceiptDownload(reference: string) {
  return useMutation({ mutationFn: (request: ReceiptRequest) => downloadReceipt(request, reference) });
}
