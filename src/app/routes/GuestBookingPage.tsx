import { useLingui } from '@lingui/react/macro';
import { Suspense, lazy, useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { usePageMeta } from '@/lib/use-page-meta';
import { Header } from '@/features/site/components/Header';
import { SkipLink } from '@/features/site/components/SkipLink';
import { GuestBookingPanel } from '@/features/guest-booking/components/GuestBookingPanel';
import { SectionLoader } from '@/components/ui/page-loader';

const GuestPaymentSection = lazy(() => import('@/features/guest-payment/components/GuestPaymentSection'));
const GuestCheckInSection = lazy(() => import('@/features/guest-check-in/components/GuestCheckInSection'));

/** /booking/:reference?token=…[&action=confirm] — the guest's private page, linked from the e-mails. */
export default function GuestBookingPage() {
  const { reference = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const token = params.get('token') ?? '';
  const { t } = useLingui();
  usePageMeta(t`Your booking · Colosseum Guest House`, t`Your stay request at the Colosseum Guest House.`);
  usePrivatePage();

  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] bg-background pb-16 focus:outline-none">
        <GuestBookingPanel
          reference={reference}
          token={token}
          highlightConfirm={params.get('action') === 'confirm'}
          onConfirmed={() => {
            // done: a reload of the page should not ask again
            if (!params.has('action')) return;
            const next = new URLSearchParams(params);
            next.delete('action');
            setParams(next, { replace: true });
          }}
          due={
            // what is due comes first, before the stay's details (a phone shows Pay without scrolling)
            <>
              <Suspense fallback={null}>
                <GuestPaymentSection reference={reference} token={token} />
              </Suspense>
              <Suspense fallback={<SectionLoader />}>
                <GuestCheckInSection reference={reference} token={token} />
              </Suspense>
            </>
          }
        />
      </main>
    </>
  );
}

/**
 * A private page (its token is in the URL): search engines must not keep it, and no link or request
 * from it may carry its address (the static host also sends both as headers: dist/_headers).
 */
function usePrivatePage() {
  useEffect(() => {
    const tags = [
      ['robots', 'noindex, nofollow'],
      ['referrer', 'no-referrer'],
    ].map(([name, content]) => Object.assign(document.createElement('meta'), { name, content }));
    document.head.append(...tags);
    return () => tags.forEach((tag) => tag.remove());
  }, []);
}
