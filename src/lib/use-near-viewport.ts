import { useEffect, useState, type RefObject } from 'react';
import { rendersServerHtml } from './ssr';

/**
 * True once the element is within `rootMargin` of the viewport or has been scrolled past (and
 * stays true). Used to load below-the-fold code (forms and their libraries) only when the visitor
 * gets near it. A jump past the element (dragging the scrollbar, a link to a later section) never
 * makes it intersect, so the scroll position is checked as well.
 */
export function useNearViewport(ref: RefObject<Element | null>, rootMargin = '600px'): boolean {
  // not near on the server and while hydrating (the prerendered HTML shows what is above the fold)
  const [near, setNear] = useState(() => !rendersServerHtml() && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element) return;
    const margin = parseInt(rootMargin, 10) || 0;
    const reached = () => element.getBoundingClientRect().top < window.innerHeight + margin;
    let frame = 0;
    const check = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (reached()) setNear(true);
      });
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    window.addEventListener('scroll', check, { passive: true });
    check();
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', check);
      cancelAnimationFrame(frame);
    };
  }, [near, ref, rootMargin]);
  return near;
}
