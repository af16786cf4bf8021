import { Trans } from '@lingui/react/macro';
import {
  createContext,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';

export interface BookingTarget {
  roomId?: string;
  roomName?: string;
  /** per night, euro */
  roomPrice?: number;
}

interface BookingDialogContextValue {
  openBooking: (target?: BookingTarget) => void;
  /** Starts downloading the dialog's code (e.g. on hover or focus of a Book Now button). */
  preloadBooking: () => void;
}

export interface BookingDialogProps extends BookingTarget {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * Called after the request was recorded and WhatsApp opened: the owner closes and resets, and
   * shows `after` (what follows the request, e.g. its deposit) until the dialog is opened again.
   */
  onBooked: (after?: ReactNode) => void;
}

const BookingDialogContext = createContext<BookingDialogContextValue | null>(null);

/**
 * Owns the single Book Your Stay dialog of the public pages. The app passes the dialog as a lazy
 * component, so its code (form, validation, Radix dialog) is fetched the first time a Book Now
 * button is used, not with the page; `preloadDialog` starts that download early.
 */
export function BookingDialogProvider({
  Dialog,
  preloadDialog,
  children,
}: {
  Dialog: ComponentType<BookingDialogProps>;
  preloadDialog: () => void;
  children: ReactNode;
}) {
  const [state, setState] = useState<{ open: boolean; target: BookingTarget; key: number } | null>(null);

  const [after, setAfter] = useState<ReactNode>(null);

  const openBooking = useCallback((target: BookingTarget = {}) => {
    setAfter(null);
    setState((current) => {
      const same =
        current &&
        current.target.roomId === target.roomId &&
        current.target.roomName === target.roomName &&
        current.target.roomPrice === target.roomPrice;
      return { open: true, target, key: same ? current.key : (current?.key ?? 0) + 1 };
    });
  }, []);

  const value = useMemo(() => ({ openBooking, preloadBooking: preloadDialog }), [openBooking, preloadDialog]);

  return (
    <BookingDialogContext.Provider value={value}>
      {children}
      {state && (
        <Suspense
          fallback={
            <div role="status" className="fixed inset-0 z-50 flex items-center justify-center bg-black/40">
              <span className="rounded-md bg-background px-4 py-2 text-sm shadow">
                <Trans>Loading booking form…</Trans>
              </span>
            </div>
          }
        >
          <Dialog
            key={state.key}
            open={state.open}
            roomId={state.target.roomId}
            roomName={state.target.roomName}
            roomPrice={state.target.roomPrice}
            onOpenChange={(open) => setState((current) => (current ? { ...current, open } : current))}
            onBooked={(next) => {
              setState((current) => (current ? { ...current, open: false, key: current.key + 1 } : current));
              setAfter(next ?? null);
            }}
          />
        </Suspense>
      )}
      {after}
    </BookingDialogContext.Provider>
  );
}

export function useBookingDialog(): BookingDialogContextValue {
  const context = useContext(BookingDialogContext);
  if (!context) throw new Error('useBookingDialog must be used inside BookingDialogProvider');
  return context;
}
