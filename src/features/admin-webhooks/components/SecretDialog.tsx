import { Trans, useLingui } from '@lingui/react/macro';
import { Copy } from 'lucide-react';
import { toastSuccess, toastFailure } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/** Shows a signing secret the one time the server hands it out. */
export function SecretDialog({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useLingui();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret ?? '');
      toastSuccess(t`Secret copied`);
    } catch {
      toastFailure(t`Copy failed`, t`Select the secret and copy it by hand.`);
    }
  };
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>
            <Trans>Signing secret</Trans>
          </DialogTitle>
          <DialogDescription>
            <Trans>
              Copy it now: it is shown only once. The receiver checks the webhook-signature header with it (Standard
              Webhooks).
            </Trans>
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-1.5">
          <Label htmlFor="webhook-secret">
            <Trans>Secret</Trans>
          </Label>
          <div className="flex gap-2">
            <Input
              id="webhook-secret"
              readOnly
              value={secret ?? ''}
              className="font-mono text-xs"
              onFocus={(e) => e.target.select()}
            />
            <Button type="button" variant="outline" size="icon" onClick={copy} aria-label={t`Copy secret`}>
              <Copy className="h-4 w-4" />
            </Button>
          </div>
        </div>
        <DialogFooter>
          <Button onClick={onClose}>
            <Trans>Done</Trans>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
