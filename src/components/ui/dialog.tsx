import { Trans } from '@lingui/react/macro';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Loader2, X } from 'lucide-react';
import type { ComponentPropsWithoutRef, HTMLAttributes, ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { Button } from './button';

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <DialogPrimitive.Content
        className={cn(
          // hangs below the toasts' band (the top 7.5rem, see toaster.tsx): a toast never covers its
          // title, and its bottom (the buttons) stays clear of the screen's edge
          'fixed left-1/2 top-[7.5rem] z-50 grid max-h-[calc(100dvh-8.25rem)] w-[calc(100%-1.5rem)] max-w-lg -translate-x-1/2',
          'gap-4 overflow-y-auto rounded-lg border bg-background p-6 shadow-lg focus:outline-none',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close className="absolute right-4 top-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
          <X className="h-4 w-4" aria-hidden="true" />
          <span className="sr-only">
            <Trans>Close</Trans>
          </span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col space-y-1.5', className)} {...props} />;
}
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />;
}
/**
 * A dialog's Cancel and confirm buttons. While `pending` both wait and the confirm button says
 * `pendingLabel` (without one, a spinner beside its label). Without `onConfirm` it submits its form.
 */
export function DialogActions({
  label,
  pendingLabel,
  pending = false,
  disabled = false,
  destructive = false,
  onConfirm,
  onCancel,
  cancelLabel = <Trans>Cancel</Trans>,
}: {
  label: ReactNode;
  pendingLabel?: ReactNode;
  pending?: boolean;
  /** the confirm button waits for something else too */
  disabled?: boolean;
  destructive?: boolean;
  onConfirm?: () => void;
  onCancel: () => void;
  cancelLabel?: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        variant={destructive ? 'destructive' : 'default'}
        onClick={onConfirm}
        disabled={pending || disabled}
      >
        {pending && pendingLabel === undefined && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
        {pending && pendingLabel !== undefined ? pendingLabel : label}
      </Button>
    </DialogFooter>
  );
}

export function DialogTitle({ className, ...props }: ComponentPropsWithoutRef<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}
export function DialogDescription({
  className,
  ...props
}: ComponentPropsWithoutRef<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />;
}
