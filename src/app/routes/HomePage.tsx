import { useLingui } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { JsonLd, siteUrl } from '@/lib/json-ld';
import { useSiteCompliance } from '@/lib/site-compliance';
import { lazyWithPreload, rendersServerHtml } from '@/lib/ssr';
import { useLocation } from 'react-router-dom';
import { contactInfo, contentValue, useSiteContent } from '@/lib/site-content';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { useNearViewport } from '@/lib/use-near-viewport';
import { usePageMeta } from '@/lib/use-page-meta';
import { useLocalizedPath, withBookingMessages } from '@/lib/i18n';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { useBookingDialog } from '@/lib/booking-dialog';
import { roomKeys } from '@/lib/public-rooms/keys';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { RoomsSection } from '@/features/rooms/components/RoomsSection';
import { amenitiesQuery, reviewsQuery, useReviewHeadline } from '@/features/site/api/sections';
import { BELOW_FOLD_REQUEST_EVENT, isBelowFold } from '@/features/site/below-fold';
import { BelowFoldPlaceholder, FooterPlaceholder } from '@/features/site/components/BelowFoldPlaceholder';
import { Header } from '@/features/site/components/Header';
import { Hero } from '@/features/site/components/Hero';
import { SkipLink } from '@/features/site/components/SkipLink';
import { scrollToSection } from '@/features/site/components/use-section-nav';
import { heroContent, heroRating, hotelJsonLd } from '@/features/site/logic/site';

// Staff tools load only for signed-in staff, so visitors never download supabase-js for them.
const RoomImageQuickActions = lazy(() => import('@/features/admin-rooms/RoomImageQuickActions'));
// the booking section is below the fold: its messages come with it
// blocks added in the Visual Designer: their code loads only with the page that shows them
const DesignBlocks = lazyWithPreload('DesignBlocks', () =>
  import('@/lib/design/DesignBlocks').then((module) => ({ default: module.DesignBlocks })),
);
// asks only on a first visit, after hydration
const CookieBanner = lazyWithPreload('CookieBanner', () =>
  import('@/features/site/components/CookieBanner').then((module) => ({ default: module.CookieBanner })),
);
const loadBelowFold = withBookingMessages(() => import('./home/BelowFold'));
const BelowFoldSections = lazyWithPreload('BelowFold', () =>
  loadBelowFold().then((module) => ({ default: module.BelowFoldSections })),
);
const Footer = lazyWithPreload('BelowFold', () => loadBelowFold().then((module) => ({ default: module.Footer })));

/** The one-page site: hero, rooms, amenities, booking, location, reviews, contact, footer. */
export default function HomePage() {
  const { t } = useLingui();
  usePageMeta(
    t`Colosseum Guest House · Rooms near the Colosseum, Rome`,
    t`A small guest house in central Rome, a five minute walk from the Colosseum. Comfortable rooms, friendly hosts, book directly on WhatsApp.`,
    { canonicalPath: '/', image: '/rooms/room.svg' },
  );
  const { openBooking, preloadBooking } = useBookingDialog();
  const { data: content } = useSiteContent();
  const rooms = usePublicRooms();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { isStaff } = useAuthSnapshot();
  const hashId = decodeURIComponent(location.hash.slice(1));

  // The sections under the rooms: data requested now, code fetched when the visitor gets near.
  useEffect(() => {
    void queryClient.prefetchQuery(amenitiesQuery);
    void queryClient.prefetchQuery(reviewsQuery);
  }, [queryClient]);
  const sentinel = useRef<HTMLDivElement>(null);
  const near = useNearViewport(sentinel, '300px');
  // the prerendered page holds the sections (their code loads before it hydrates)
  const [requested, setRequested] = useState(() => isBelowFold(hashId) || rendersServerHtml());
  const [belowReady, setBelowReady] = useState(false);
  const onBelowReady = useCallback(() => setBelowReady(true), []);
  useEffect(() => {
    const request = () => setRequested(true);
    window.addEventListener(BELOW_FOLD_REQUEST_EVENT, request);
    return () => window.removeEventListener(BELOW_FOLD_REQUEST_EVENT, request);
  }, []);
  const idle = useIdleAfterPaint();
  const showBelow = near || requested || idle || isBelowFold(hashId);

  // "/#rooms" from another page: scroll once the page is drawn, and follow the section for a
  // moment while the sections above it grow as their data and images arrive, unless the visitor
  // starts scrolling first.
  useEffect(() => {
    if (!hashId) return;
    const keepInView = () => scrollToSection(hashId);
    const frame = requestAnimationFrame(keepInView);
    const main = document.getElementById('main');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(keepInView);
    if (main) observer?.observe(main);
    const stop = () => observer?.disconnect();
    const timer = setTimeout(stop, 3000);
    const userScroll = ['wheel', 'touchstart', 'keydown'] as const;
    userScroll.forEach((name) => window.addEventListener(name, stop, { once: true, passive: true }));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop();
      userScroll.forEach((name) => window.removeEventListener(name, stop));
    };
  }, [hashId, rooms.isPending, belowReady]);

  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="focus:outline-none">
        <Hero />
        <RoomsSection
          title={contentValue(content, 'rooms_title', t`Our Rooms`)}
          subtitle={contentValue(
            content,
            'rooms_subtitle',
            t`Comfortable, quiet rooms with private bathrooms, a few steps from the Colosseum`,
          )}
          onBookNow={(room) => openBooking({ roomId: room.id, roomName: room.name, roomPrice: room.price_per_night })}
          onBookNowIntent={preloadBooking}
          renderStaffOverlay={
            isStaff
              ? (room) => (
                  <Suspense fallback={null}>
                    <RoomImageQuickActions
                      roomId={room.id}
                      roomName={room.name}
                      imageUrl={room.image_url}
                      onChanged={() => queryClient.invalidateQueries({ queryKey: roomKeys.all })}
                    />
                  </Suspense>
                )
              : undefined
          }
        />
        <Suspense fallback={null}>
          <DesignBlocks />
        </Suspense>
        <div ref={sentinel} />
        {showBelow ? (
          <Suspense fallback={<BelowFoldPlaceholder />}>
            <BelowFoldSections onReady={onBelowReady} />
          </Suspense>
        ) : (
          <BelowFoldPlaceholder />
        )}
      </main>
      {showBelow ? (
        <Suspense fallback={<FooterPlaceholder />}>
          <Footer />
        </Suspense>
      ) : (
        <FooterPlaceholder />
      )}
      <Suspense fallback={null}>
        <CookieBanner />
      </Suspense>
      <HotelJsonLd content={content} prices={rooms.data?.map((room) => room.price_per_night)} />
    </>
  );
}

function HotelJsonLd({ content, prices }: { content: ReturnType<typeof useSiteContent>['data']; prices?: number[] }) {
  const hero = heroContent(content);
  // the same aggregate the hero shows: typed texts or the approved reviews of stays
  const rating = heroRating(content, useReviewHeadline());
  const contact = contactInfo(content);
  const localized = useLocalizedPath();
  const compliance = useSiteCompliance();
  const min = prices && prices.length > 0 ? Math.min(...prices) : null;
  const max = prices && prices.length > 0 ? Math.max(...prices) : null;
  const data = hotelJsonLd({
    name: hero.title,
    description: hero.subtitle,
    address: contact.address,
    phone: contact.phone,
    email: contact.email,
    url: siteUrl(localized('/')),
    image: siteUrl('/rooms/deluxe-king.svg'),
    rating,
    priceRange: min !== null && max !== null ? `€${Math.round(min)}–€${Math.round(max)}` : undefined,
    cin: compliance.cin,
  });
  return <JsonLd data={data} />;
}
