import { siteOrigin, useHeadEffect } from './ssr';

export interface PageLinks {
  /** the page's canonical path, e.g. `/room/<id>` */
  canonicalPath?: string;
  /** the picture shared with the page (absolute or site-relative URL) */
  image?: string;
}

function absoluteUrl(url: string): string {
  return new URL(url, `${siteOrigin()}/`).toString();
}

function setHeadTag(selector: string, create: () => HTMLElement, attribute: string, value: string | undefined) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === undefined) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string | undefined) {
  setHeadTag(
    `meta[${key}="${name}"]`,
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/**
 * Sets the document title, meta description, canonical link and Open Graph tags of the current
 * page (crawlers that run scripts read them; tags a page does not set are removed).
 */
export function usePageMeta(title: string, description: string, links: PageLinks = {}) {
  const { canonicalPath, image } = links;
  // also run by the prerender, so the written page carries these tags (src/lib/ssr.tsx)
  useHeadEffect(() => {
    document.title = title;
    meta('name', 'description', description);
    const url = canonicalPath === undefined ? undefined : absoluteUrl(canonicalPath);
    setHeadTag(
      'link[rel="canonical"]',
      () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
      'href',
      url,
    );
    meta('property', 'og:type', 'website');
    meta('property', 'og:site_name', 'Colosseum Guest House');
    meta('property', 'og:title', title);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:image', image === undefined ? undefined : absoluteUrl(image));
  }, [title, description, canonicalPath, image]);
}
