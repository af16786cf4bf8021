/**
 * The queries a public page reads during its first render, fetched before the prerender renders it
 * (the same keys and functions the components use, so the embedded cache serves their first render).
 * The one place to adapt when the public queries change.
 */
import type { QueryClient } from '@tanstack/react-query';
import { fetchPublishedDesign, publishedDesignKeys } from '@/lib/design/published';
import { unlocalizedPath } from '@/lib/i18n';
import { fetchPublicRooms } from '@/lib/public-rooms/api';
import { roomKeys } from '@/lib/public-rooms/keys';
import { fetchSiteContent, isComputedHeadline, siteContentKeys, type SiteContent } from '@/lib/site-content';
import { fetchRoomDetail } from '@/features/rooms/api/room-detail';
import { amenitiesQuery, reviewsQuery, reviewSummaryQuery } from '@/features/site/api/sections';

export async function prefetchPage(queryClient: QueryClient, pathname: string): Promise<void> {
  const path = unlocalizedPath(pathname);
  const shared = [
    queryClient.prefetchQuery({ queryKey: siteContentKeys.public(), queryFn: fetchSiteContent }),
    queryClient.prefetchQuery({ queryKey: publishedDesignKeys.all, queryFn: fetchPublishedDesign }),
  ];
  const room = /^\/room\/([^/]+)$/.exec(path);
  if (path === '/') {
    shared.push(
      queryClient.prefetchQuery({ queryKey: roomKeys.publicList(), queryFn: fetchPublicRooms }),
      queryClient.prefetchQuery(amenitiesQuery),
      queryClient.prefetchQuery(reviewsQuery),
    );
  } else if (room) {
    const id = decodeURIComponent(room[1]);
    shared.push(queryClient.prefetchQuery({ queryKey: roomKeys.detail(id), queryFn: () => fetchRoomDetail(id) }));
  }
  await Promise.all(shared);
  // the headline rating from the approved reviews, when the Content screen's switch says so
  const content = queryClient.getQueryData<SiteContent>(siteContentKeys.public());
  if (path === '/' && isComputedHeadline(content)) await queryClient.prefetchQuery(reviewSummaryQuery);
}
