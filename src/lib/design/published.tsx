import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loggedQuery } from '../logged-query';
import { publicDb } from '../public-db';
import { DesignStyle } from './design-style';
import { isPreviewMode } from './preview-protocol';
import type { DesignDocument } from './schema';
import { previewDesignSnapshot, subscribePreview } from './preview-store';

/** The published design and the CSS it gives the site. */
export interface PublishedDesign {
  document: DesignDocument;
  css: string;
}

/** The published design, or null when nothing is published or the stored one is not valid. */
export async function fetchPublishedDesign(): Promise<PublishedDesign | null> {
  const { data, error } = await publicDb.from('design_published').select('document').maybeSingle();
  if (error) throw error;
  if (!data) return null;
  // The reader and the CSS generator load only when a design is published: out of the first load.
  const [{ readSiteDesign }, { designCss }] = await Promise.all([import('./site-design'), import('./css')]);
  const document = readSiteDesign(data.document);
  return document ? { document, css: designCss(document) } : null;
}

/** The published design as the public pages read it (publishing invalidates it). */
export const publishedDesignQuery = queryOptions({
  queryKey: ['design', 'published'],
  queryFn: loggedQuery(fetchPublishedDesign, 'Error fetching the site design:'),
  staleTime: 5 * 60_000,
});

const PREVIEW = isPreviewMode();
const PreviewBridge = lazy(() => import('./PreviewBridge'));
const PreviewStyle = lazy(() => import('./PreviewStyle'));

/** The design the public pages show: one request for the published one (shared through the cache). */
export function useSiteDesign(): DesignDocument | null {
  const preview = useSyncExternalStore(subscribePreview, previewDesignSnapshot, () => null);
  const published = useQuery({ ...publishedDesignQuery, enabled: !PREVIEW });
  return PREVIEW ? preview : (published.data?.document ?? null);
}

/** Applies the design's tokens, element styles and hidden elements as one style element. */
export function SiteDesignStyle() {
  const { data } = useQuery({ ...publishedDesignQuery, enabled: !PREVIEW });
  return (
    <>
      <DesignStyle css={data?.css ?? ''} />
      {PREVIEW && (
        <Suspense fallback={null}>
          <PreviewBridge />
          <PreviewStyle />
        </Suspense>
      )}
    </>
  );
}
