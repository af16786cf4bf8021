import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocale } from '@/lib/i18n';
import { loggedQuery } from '@/lib/logged-query';
import { publicDb } from '@/lib/public-db';
import { localizeService, type BookableService } from '../logic/extras';
import { bookingKeys } from './keys';

/**
 * The services a guest can add to a stay: the available ones (row-level security shows visitors
 * nothing else; the filter keeps a staff session the same), by category and name, every language's
 * texts along. The server prices them again from these rows when it quotes.
 */
async function fetchBookableServices(): Promise<BookableService[]> {
  const { data, error } = await publicDb
    .from('services')
    .select('id, name, description, price, category, pricing_unit, translations')
    .eq('available', true)
    .order('category')
    .order('name');
  if (error) throw error;
  return data ?? [];
}

/** The bookable services with their names and descriptions in the page's language. */
export function useBookableServices() {
  const locale = useLocale();
  const select = useCallback(
    (services: BookableService[]) => services.map((service) => localizeService(service, locale)),
    [locale],
  );
  return useQuery({
    queryKey: bookingKeys.services(),
    queryFn: loggedQuery(fetchBookableServices, 'Error fetching services:'),
    select,
    staleTime: 5 * 60_000,
  });
}
