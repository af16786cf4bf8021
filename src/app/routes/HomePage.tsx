import { useLingui } from '@lingui/react/macro';
import { Suspense } from 'react';
import { Island, StaticPart } from '@/lib/hydration';
import { lazyWithPreload } from '@/lib/ssr';
import { usePageMeta } from '@/lib/use-page-meta';
import { Header } from '@/features/site/components/Header';
import { Hero } from '@/features/site/components/Hero';
import { SkipLink } from '@/features/site/components/SkipLink';
import { HomeRooms } from './home/HomeRooms';
import { HotelJsonLd } from './home/HotelJsonLd';
import { LowerFooter, LowerSections } from './home/LowerSections';

// blocks added in the Visual Designer: their code loads only with the page that shows them
const DesignBlocks = lazyWithPreload('DesignBlocks', () =>
  import('@/lib/design/DesignBlocks').then((module) => ({ default: module.DesignBlocks })),
);
// asks only on a first visit, after hydration
const CookieBanner = lazyWithPreload('CookieBanner', () =>
  import('@/features/site/components/CookieBanner').then((module) => ({ default: module.CookieBanner })),
);

function HomeMeta() {
  const { t } = useLingui();
  usePageMeta(
    t`Colosseum Guest House · Rooms near the Colosseum, Rome`,
    t`A small guest house in central Rome, a five minute walk from the Colosseum. Comfortable rooms, friendly hosts, book directly on WhatsApp.`,
    { canonicalPath: '/', image: '/rooms/room.svg' },
  );
  return null;
}

/**
 * The one-page site: hero, rooms, amenities, booking, location, reviews, contact, footer. What a
 * guest can touch is an island, hydrated first; what a guest reads stays server HTML until the
 * browser is idle (src/lib/hydration.tsx). This component holds no state: a part waiting to
 * hydrate must not be re-rendered by its parent.
 */
export default function HomePage() {
  return (
    <>
      <HomeMeta />
      <SkipLink />
      <Island>
        <Header />
      </Island>
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Island>
          <Hero />
        </Island>
        <Island>
          <HomeRooms />
        </Island>
        <StaticPart>
          <Suspense fallback={null}>
            <DesignBlocks />
          </Suspense>
        </StaticPart>
        <StaticPart>
          <LowerSections />
        </StaticPart>
      </main>
      <StaticPart>
        <LowerFooter />
      </StaticPart>
      <Island>
        <Suspense fallback={null}>
          <CookieBanner />
        </Suspense>
      </Island>
      <StaticPart>
        <HotelJsonLd />
      </StaticPart>
    </>
  );
}
