/**
 * The queries a public page reads during its first render, fetched before the prerender renders it
 * (the same query options the components use, so the embedded cache serves their first render).
 * Each resource is fetched with every language; the hooks pick the page's.
 */
import type { QueryClient } from '@tanstack/react-query';
import { houseCancellationQuery } from '@/lib/cancellation-terms';
import { publishedDesignQuery } from '@/lib/design/published';
import { unlocalizedPath } from '@/lib/i18n';
import { roomsQuery } from '@/lib/public-rooms/api';
import { siteComplianceQuery } from '@/lib/site-compliance';
import { isComputedHeadline, pickSiteContent, siteContentQuery } from '@/lib/site-content';
import { roomQuery } from '@/features/rooms/api/room-detail';
import { amenitiesQuery, reviewsQuery, reviewSummaryQuery } from '@/features/site/api/sections';

export async function prefetchPage(queryClient: QueryClient, pathname: string): Promise<void> {
  const path = unlocalizedPath(pathname);
  // the CIN and the cancellation rule are in every page's footer and structured data
  const shared = [
    queryClient.prefetchQuery(siteContentQuery),
    queryClient.prefetchQuery(publishedDesignQuery),
    queryClient.prefetchQuery(siteComplianceQuery),
    queryClient.prefetchQuery(houseCancellationQuery),
  ];
  const room = /^\/room\/([^/]+)$/.exec(path);
  if (path === '/') {
    shared.push(
      queryClient.prefetchQuery(roomsQuery),
      queryClient.prefetchQuery(amenitiesQuery),
      queryClient.prefetchQuery(reviewsQuery),
    );
  } else if (room) {
    shared.push(queryClient.prefetchQuery(roomQuery(decodeURIComponent(room[1]))));
  }
  await Promise.all(shared);
  // the headline rating from the approved reviews, when the Content screen's switch says so
  const texts = queryClient.getQueryData(siteContentQuery.queryKey);
  if (path === '/' && isComputedHeadline(pickSiteContent(texts ?? [], 'en'))) {
    await queryClient.prefetchQuery(reviewSummaryQuery);
  }
}
