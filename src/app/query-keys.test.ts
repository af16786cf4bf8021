// A write in the admin invalidates its resource's root key: the public queries of that resource
// must sit under the same root, or the public pages of the same browser keep the old data.
import { matchQuery, QueryClient, type QueryKey } from '@tanstack/react-query';
import { amenityQueries } from '@/features/admin-catalog/api/amenities';
import { serviceQueries } from '@/features/admin-catalog/api/services';
import { contentQueries } from '@/features/admin-content/api/site-content';
import { roomQueries } from '@/features/admin-rooms/api/queries';
import { reviewQueries } from '@/features/admin-reviews/api/reviews';
import { roomQuery } from '@/features/rooms/api/room-detail';
import { amenitiesQuery, reviewsQuery, reviewSummaryQuery } from '@/features/site/api/sections';
import { roomsQuery } from '@/lib/public-rooms/api';
import { siteContentQuery } from '@/lib/site-content';

/** Whether invalidating `root` reaches a query keyed `key` (React Query's own prefix match). */
function reaches(root: QueryKey, key: QueryKey): boolean {
  const client = new QueryClient();
  const query = client.getQueryCache().build(client, { queryKey: key });
  return matchQuery({ queryKey: root }, query);
}

describe('query keys rooted by resource', () => {
  it('one invalidation of the rooms root refreshes the admin list, the public list and the room pages', () => {
    for (const key of [
      roomQueries.adminList().queryKey,
      roomQueries.promoCodes('r1').queryKey,
      roomQueries.images('r1').queryKey,
      roomsQuery.queryKey,
      roomQuery('r1').queryKey,
    ]) {
      expect(reaches(roomQueries.all(), key)).toBe(true);
    }
    // a gallery change refreshes the room's public page and its admin gallery, not another room's
    expect(reaches(roomQueries.detail('r1'), roomQuery('r1').queryKey)).toBe(true);
    expect(reaches(roomQueries.detail('r1'), roomQueries.images('r1').queryKey)).toBe(true);
    expect(reaches(roomQueries.detail('r1'), roomQuery('r2').queryKey)).toBe(false);
  });

  it('amenities, site texts and reviews: the admin root reaches the public queries', () => {
    expect(reaches(amenityQueries.all(), amenitiesQuery.queryKey)).toBe(true);
    expect(reaches(amenityQueries.all(), amenityQueries.adminList().queryKey)).toBe(true);
    expect(reaches(contentQueries.all(), siteContentQuery.queryKey)).toBe(true);
    expect(reaches(contentQueries.all(), contentQueries.adminList().queryKey)).toBe(true);
    expect(reaches(reviewQueries.all(), reviewsQuery.queryKey)).toBe(true);
    expect(reaches(reviewQueries.all(), reviewSummaryQuery.queryKey)).toBe(true);
    // resources do not reach each other
    expect(reaches(serviceQueries.all(), amenitiesQuery.queryKey)).toBe(false);
    expect(reaches(roomQueries.all(), siteContentQuery.queryKey)).toBe(false);
  });
});
