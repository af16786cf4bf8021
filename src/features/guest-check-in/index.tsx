import { lazy, Suspense } from 'react';

const Section = lazy(() => import('./components/GuestCheckInSection'));

/** The private page's check-in section, loaded on that page only. */
export function GuestCheckInSection(props: { reference: string; token: string }) {
  return (
    <Suspense fallback={null}>
      <Section {...props} />
    </Suspense>
  );
}
