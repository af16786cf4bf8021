import { Toaster as SonnerToaster } from 'sonner';

// Solid colours with AA contrast (sonner's richColors pastels fall below 4.5:1).
const toastClasses = {
  toast: 'border shadow-lg',
  error: '!bg-destructive !text-destructive-foreground !border-destructive',
  success: '!bg-[hsl(142_72%_24%)] !text-white !border-[hsl(142_72%_24%)]',
  description: '!text-current opacity-95',
};

export function Toaster() {
  return <SonnerToaster position="top-center" closeButton toastOptions={{ classNames: toastClasses }} />;
}
