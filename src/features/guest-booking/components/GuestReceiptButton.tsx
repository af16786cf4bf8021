import { Trans, useLingui } from '@lingui/react/macro';
import { Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useReceiptDownload } from '@/lib/receipts';
import { toastFailure, toastInfo } from '@/lib/toast';

/** After check-out: the stay's receipt (PDF, in the guest's language and in Italian). */
export function GuestReceiptButton({ reference, token }: { reference: string; token: string }) {
  const { t } = useLingui();
  const download = useReceiptDownload(reference);
  const onClick = () => {
    toastInfo(t`Preparing your receipt…`);
    download.mutate(
      { reference, token },
      {
        onError: (error) => toastFailure(t`We could not prepare your receipt`, t`Please try again in a moment.`, error),
      },
    );
  };
  return (
    <div className="container max-w-2xl pb-6">
      <Button variant="outline" onClick={onClick} disabled={download.isPending}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {download.isPending ? <Trans>Preparing your receipt…</Trans> : <Trans>Download receipt</Trans>}
      </Button>
    </div>
  );
}
