import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { withBookingMessages } from '@/lib/i18n';
import { usePublicRooms } from '@/lib/public-rooms/api';
import { lazyWithPreload, rendersServerHtml } from '@/lib/ssr';
import { useIdleAfterPaint } from '@/lib/use-idle-after-paint';
import { useNearViewport } from '@/lib/use-near-viewport';
import { amenitiesQuery, reviewsQuery } from '@/features/site/api/sections';
import { BELOW_FOLD_REQUEST_EVENT, isBelowFold, requestBelowFold } from '@/features/site/below-fold';
import { BelowFoldPlaceholder, FooterPlaceholder } from '@/features/site/components/BelowFoldPlaceholder';
import { scrollToSection } from '@/features/site/components/use-section-nav';

// the booking section is below the fold: its messages come with it
const loadBelowFold = withBookingMessages(() => import('./BelowFold'));
const BelowFoldSections = lazyWithPreload('BelowFold', () =>
  loadBelowFold().then((module) => ({ default: module.BelowFoldSections })),
);
const Footer = lazyWithPreload('BelowFold', () => loadBelowFold().then((module) => ({ default: module.Footer })));

/**
 * Whether the sections under the rooms are drawn: in a prerendered page they are (its HTML holds
 * them); in a page the browser renders, when the visitor nears them, follows a link to one of them,
 * or the browser is idle after the first paint. Until then, placeholders with the sections' ids.
 */
function useLowerShown(near: boolean): boolean {
  const hashId = decodeURIComponent(useLocation().hash.slice(1));
  const [requested, setRequested] = useState(() => isBelowFold(hashId) || rendersServerHtml());
  useEffect(() => {
    const request = () => setRequested(true);
    window.addEventListener(BELOW_FOLD_REQUEST_EVENT, request);
    return () => window.removeEventListener(BELOW_FOLD_REQUEST_EVENT, request);
  }, []);
  const idle = useIdleAfterPaint();
  return near || requested || idle || isBelowFold(hashId);
}

/** Amenities, booking, location, reviews and contact (inside <main>): data now, code when near. */
export function LowerSections() {
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(amenitiesQuery);
    void queryClient.prefetchQuery(reviewsQuery);
  }, [queryClient]);
  const sentinel = useRef<HTMLDivElement>(null);
  const shown = useLowerShown(useNearViewport(sentinel, '300px'));
  useEffect(() => {
    // the footer follows the sections
    if (shown) requestBelowFold();
  }, [shown]);
  const [ready, setReady] = useState(false);
  const onReady = useCallback(() => setReady(true), []);
  useFollowHash(ready);
  return (
    <>
      <div ref={sentinel} />
      {shown ? (
        <Suspense fallback={<BelowFoldPlaceholder />}>
          <BelowFoldSections onReady={onReady} />
        </Suspense>
      ) : (
        <BelowFoldPlaceholder />
      )}
    </>
  );
}

/** The footer, drawn with the sections above it. */
export function LowerFooter() {
  const shown = useLowerShown(false);
  return shown ? (
    <Suspense fallback={<FooterPlaceholder />}>
      <Footer />
    </Suspense>
  ) : (
    <FooterPlaceholder />
  );
}

/**
 * "/#rooms" from another page: scroll once the page is drawn, and follow the section for a moment
 * while the sections above it grow as their data and images arrive, unless the visitor starts
 * scrolling first.
 */
function useFollowHash(lowerReady: boolean) {
  const hashId = decodeURIComponent(useLocation().hash.slice(1));
  const roomsPending = usePublicRooms().isPending;
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
  }, [hashId, roomsPending, lowerReady]);
}
