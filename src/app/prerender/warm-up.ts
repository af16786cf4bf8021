import type { Locale } from '@/lib/i18n';
import { intlFormatters } from '@/lib/i18n/intl-format';
import { cn } from '@/lib/utils';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Before a prerendered page hydrates: two set-up costs its first render would pay anyway, each in a
 * task of its own, so that neither lengthens a hydration task (a long task is one a guest's tap
 * waits behind). Measured with a CPU profile at Lighthouse's 4× slowdown (docs/prerendering.md):
 * the page's first Intl formatter starts ICU (~80 ms), and tailwind-merge's first merge builds its
 * tables (~50 ms). Both are kept: the formatters are cached per language, tailwind-merge by itself.
 */
export async function warmUpBeforeHydration(locale: Locale) {
  await nextTask();
  intlFormatters(locale).euro(0);
  await nextTask();
  cn('p-0', 'p-1');
  await nextTask();
}
