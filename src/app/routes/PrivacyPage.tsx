import { useLingui } from '@lingui/react/macro';
import { useSiteCompliance } from '@/lib/site-compliance';
import { useContactInfo } from '@/lib/site-content';
import { usePageMeta } from '@/lib/use-page-meta';
import { Footer } from '@/features/site/components/Footer';
import { Header } from '@/features/site/components/Header';
import { SkipLink } from '@/features/site/components/SkipLink';
import { PrivacyNotice } from '@/features/privacy/components/PrivacyNotice';
import { noticeFacts } from '@/features/privacy/logic/notice';

/** /privacy — the privacy notice in the site's frame, its periods read from the settings. */
export default function PrivacyPage() {
  const { t } = useLingui();
  usePageMeta(
    t`Privacy notice · Colosseum Guest House`,
    t`What Colosseum Guest House keeps about its guests, why, for how long, and how to ask for it.`,
  );
  const facts = noticeFacts(useSiteCompliance(), useContactInfo());
  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] bg-background focus:outline-none">
        <PrivacyNotice facts={facts} />
      </main>
      <Footer />
    </>
  );
}
