import { queryOptions, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loggedQuery } from '../logged-query';
import { publicDb } from '../public-db';
import { designCss } from './css';
import { isPreviewMode } from './preview-protocol';
import type { DesignDocument } from './schema';
import { previewDesignSnapshot, subscribePreview } from './preview-store';
import { readSiteDesign } from './site-design';

/** The published design, or null when nothing is published or the stored one is not valid. */
export async function fetchPublishedDesign(): Promise<DesignDocument | null> {
  const { data, error } = await publicDb.from('design_published').select('document').maybeSingle();
  if (error) throw error;
  if (!data) return null;
  return readSiteDesign(data.document);
}

/** The published design as the public pages read it (publishing invalidates it). */
export const publishedDesignQuery = queryOptions({
  queryKey: ['design', 'published'],
  queryFn: loggedQuery(fetchPublishedDesign, 'Error fetching the site design:'),
  staleTime: 5 * 60_000,
});

const PREVIEW = isPreviewMode();
const PreviewBridge = lazy(() => import('./PreviewBridge'));

/** The design the public pages show: one request for the published one (shared through the cache). */
export function useSiteDesign(): DesignDocument | null {
  const preview = useSyncExternalStore(subscribePreview, previewDesignSnapshot, () => null);
  const published = useQuery({ ...publishedDesignQuery, enabled: !PREVIEW });
  return PREVIEW ? preview : (published.data ?? null);
}

/** Applies the design's tokens, element styles and hidden elements as one style element. */
export function SiteDesignStyle() {
  const design = useSiteDesign();
  const css = design ? designCss(design) : '';
  return (
    <>
      {/* The generator only emits allow-listed text; "<" can never appear, and is refused if it does. */}
      {css && !css.includes('<') && <style data-site-design="" dangerouslySetInnerHTML={{ __html: css }} />}
      {PREVIEW && (
        <Suspense fallback={null}>
          <PreviewBridge />
        </Suspense>
      )}
    </>
  );
}
