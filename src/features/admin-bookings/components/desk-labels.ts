import { useLingui } from '@lingui/react/macro';
import type { DeskSource, GuestLanguage } from '@/lib/new-booking-link';

/** The desk's names for sources and languages, in the portal's language. */
export function useDeskLabels() {
  const { t } = useLingui();
  const sources: Record<DeskSource | 'website', string> = {
    website: t`Website`,
    phone: t`Phone`,
    email: t`E-mail`,
    walk_in: t`Walk-in`,
    booking_com: t`Booking.com`,
    expedia: t`Expedia`,
    airbnb: t`Airbnb`,
    other: t`Other`,
  };
  const languages: Record<GuestLanguage, string> = { en: t`English`, it: t`Italian`, fr: t`French` };
  return {
    source: (code: string) => sources[code as DeskSource] ?? code,
    language: (code: GuestLanguage) => languages[code],
  };
}
