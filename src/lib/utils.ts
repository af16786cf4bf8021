import { i18n } from '@lingui/core';
import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/**
 * The staff portal's euros, in its language: "€1,234.50" in English, "1.234,50 €" in Italian (the
 * portal's language is Lingui's active one under /admin; see src/lib/i18n/portal-format.ts).
 */
export function formatEuro(amount: number): string {
  const tag = i18n.locale === 'it' ? 'it-IT' : 'en-IE';
  return new Intl.NumberFormat(tag, { style: 'currency', currency: 'EUR' }).format(amount);
}
