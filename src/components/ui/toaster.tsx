import { Toaster as SonnerToaster } from 'sonner';

// Solid colours with AA contrast (sonner's richColors pastels fall below 4.5:1).
const toastClasses = {
  toast: 'border shadow-lg',
  error: '!bg-destructive !text-destructive-foreground !border-destructive',
  success: '!bg-[hsl(142_72%_24%)] !text-white !border-[hsl(142_72%_24%)]',
  description: '!text-current opacity-95',
};

/**
 * Toasts stay in a band at the top of the screen (12px from the edge; a toast with a title and a
 * two-line description is about 5.5rem tall, two show at once, stacked); an
 * open dialog starts below it (dialog.tsx: top 7.5rem), so a toast never covers a dialog's title
 * or buttons.
 */
export function Toaster() {
  return (
    <SonnerToaster
      position="top-center"
      offset={12}
      mobileOffset={12}
      visibleToasts={2}
      closeButton
      toastOptions={{ classNames: toastClasses }}
    />
  );
}
