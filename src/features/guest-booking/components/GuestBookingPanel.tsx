import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Link2Off, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { HomeButton } from '@/components/home-button';
import { useLocale } from '@/lib/i18n';
import { refusalErrorText } from '@/lib/refusals/refusals';
import { useNow } from '@/lib/use-now';
import { guestBookingQuery, GuestBookingError } from '../api/guest-booking';
import { guestBookingKeys } from '../api/keys';
import { holdEnded } from '../logic/guest-booking';
import { GuestBookingDetails } from './GuestBookingDetails';
import { GuestReceiptButton } from './GuestReceiptButton';

/**
 * The guest's private page: loads the booking the link names and shows it, or one plain "link
 * not valid" page for every wrong, expired or revoked link. Nothing happens on load but reading:
 * e-mail scanners open links too, so confirming always takes the guest's click.
 */
export function GuestBookingPanel({
  reference,
  token,
  highlightConfirm,
  onConfirmed,
  due,
}: {
  reference: string;
  token: string;
  highlightConfirm: boolean;
  onConfirmed?: () => void;
  /** the sections of what is due (payment, check-in), shown first under the status */
  due?: ReactNode;
}) {
  const { t } = useLingui();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const booking = useQuery({ ...guestBookingQuery(reference, token), enabled: token !== '' });
  const now = useNow(15_000);
  const ended = booking.data ? holdEnded(booking.data, now) : false;

  // the hold ran out while the page was open: ask the server, which now says `expired`
  useEffect(() => {
    if (ended) void queryClient.invalidateQueries({ queryKey: guestBookingKeys.link(reference, token) });
  }, [ended, queryClient, reference, token]);

  if (token === '' || (booking.error instanceof GuestBookingError && booking.error.linkNotValid)) {
    return <LinkNotValid />;
  }
  if (booking.isPending) return <BookingSkeleton />;
  if (booking.error instanceof GuestBookingError && booking.error.tooManyAttempts) {
    return (
      <Message icon={AlertTriangle} title={t`We could not load your booking`}>
        <p className="mt-3 text-muted-foreground">{refusalErrorText(booking.error, locale)}</p>
      </Message>
    );
  }
  if (booking.isError) {
    return (
      <Message icon={AlertTriangle} title={t`We could not load your booking`}>
        <p className="mt-3 text-muted-foreground">
          <Trans>Please check your connection and try again.</Trans>
        </p>
        <Button className="mt-6" onClick={() => void booking.refetch()} disabled={booking.isFetching}>
          <Trans>Try again</Trans>
        </Button>
      </Message>
    );
  }
  return (
    <>
      <GuestBookingDetails
        booking={booking.data}
        token={token}
        now={now}
        highlightConfirm={highlightConfirm}
        onConfirmed={onConfirmed}
        due={due}
      />
      {booking.data.status === 'checked_out' && <GuestReceiptButton reference={reference} token={token} />}
    </>
  );
}

function Message({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="container flex flex-col items-center py-20 text-center">
      <Icon className="mb-4 h-12 w-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="text-3xl font-bold">{title}</h1>
      {children}
    </div>
  );
}

/** The one answer for a wrong reference, a wrong, expired or revoked token. */
export function LinkNotValid() {
  const { t } = useLingui();
  return (
    <Message icon={Link2Off} title={t`This link is not valid`}>
      <p className="mt-3 max-w-md text-muted-foreground">
        <Trans>
          It may be incomplete, out of date, or replaced by a newer one. For help with your booking, write to us or call
          us: our contact details are on the home page.
        </Trans>
      </p>
      <HomeButton back>
        <Trans>Return to Home</Trans>
      </HomeButton>
    </Message>
  );
}

function BookingSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container max-w-2xl py-10" role="status" aria-label={t`Loading your booking`}>
      <Skeleton className="mb-3 h-9 w-2/3" />
      <Skeleton className="mb-8 h-5 w-1/3" />
      <Skeleton className="mb-6 h-24 w-full" />
      <Skeleton className="h-64 w-full" />
    </div>
  );
}
