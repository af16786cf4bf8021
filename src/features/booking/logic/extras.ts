import { t } from '@lingui/core/macro';
import type { Locale } from '@/lib/i18n';
import { localizeRow } from '@/lib/translations';
import type { Tables } from '@/types/database';

/** A service a guest can add to the stay (an available row of public.services). */
export type BookableService = Pick<
  Tables<'services'>,
  'id' | 'name' | 'description' | 'price' | 'category' | 'pricing_unit' | 'translations'
>;
export type PricingUnit = BookableService['pricing_unit'];

/** The quantity chosen of each service, by its id (0 or missing: not added). */
export type ExtrasChoice = Readonly<Record<string, number>>;

/** One extra as quote_stay and request_booking take it (`p_extras`); the server prices it. */
export type ExtraRequest = { service_id: string; quantity: number };

/** The rate the guest picks; the server refuses the non-refundable one when the policy does not offer it. */
export type RatePlan = 'flexible' | 'non_refundable';

/** The server's limits (private.stay_money): 1..20 of an extra, per person at most one per guest, 10 extras. */
export const EXTRA_MAX_QUANTITY = 20;
export const EXTRAS_MAX_COUNT = 10;

/** The most of a service the server accepts for this many guests. */
export function maxQuantity(unit: PricingUnit, guests: number): number {
  if (unit === 'per_person') return Math.max(1, Math.min(Math.floor(guests) || 1, EXTRA_MAX_QUANTITY));
  return EXTRA_MAX_QUANTITY;
}

/**
 * The chosen extras as the server takes them, in the list's order: services no longer offered
 * left out, each quantity brought within what the server accepts for this many guests (a per-person
 * extra follows the guest count down), at most 10.
 */
export function extrasRequest(
  choice: ExtrasChoice,
  services: readonly BookableService[],
  guests: number,
): ExtraRequest[] {
  return services
    .map((service) => ({
      service_id: service.id,
      quantity: Math.min(Math.max(0, Math.floor(choice[service.id] ?? 0)), maxQuantity(service.pricing_unit, guests)),
    }))
    .filter((extra) => extra.quantity > 0)
    .slice(0, EXTRAS_MAX_COUNT);
}

/** A service with its name and description in `locale` (English where a translation is missing). */
export function localizeService(service: BookableService, locale: Locale): BookableService {
  return localizeRow(service, locale, ['name', 'description']);
}

/** "per stay", "per night", "per person", in the active language (evaluated when called). */
export function pricingUnitLabel(unit: PricingUnit): string {
  if (unit === 'per_night') return t`per night`;
  if (unit === 'per_person') return t`per person`;
  return t`per stay`;
}
