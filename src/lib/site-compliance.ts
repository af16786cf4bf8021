import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Database } from '@/types/database';
import { loggedQuery } from './logged-query';
import { publicDb } from './public-db';
import { resourceKeys } from './query-keys';
import type { Filled } from './rpc-rows';

/**
 * What every public page shows from the admins' Privacy & compliance settings: the CIN (footer and
 * structured data) and the privacy notice's periods. One public RPC, prefetched by the prerender
 * for every page, so the static files hold them.
 */
export type SiteCompliance = Filled<
  Database['public']['CompositeTypes']['site_compliance_view'],
  // identity_document_retention_days: null until online check-in's settings exist
  'cin' | 'privacy_contact_email' | 'identity_document_retention_days'
>;

/** The settings' stated defaults, shown when the API cannot be reached. */
export const COMPLIANCE_DEFAULTS: SiteCompliance = {
  cin: null,
  stay_contact_retention_years: 2,
  contact_message_retention_months: 12,
  privacy_contact_email: null,
  identity_document_retention_days: 30,
};

export async function fetchSiteCompliance(): Promise<SiteCompliance> {
  const { data, error } = await publicDb.rpc('site_compliance');
  if (error) throw error;
  // typed by public.site_compliance_view; the periods are the settings' NOT NULL columns
  return data as SiteCompliance;
}

/** Under the compliance root the admin settings screen invalidates after a save. */
export const siteComplianceQuery = queryOptions({
  queryKey: [...resourceKeys.compliance, 'public'] as const,
  queryFn: loggedQuery(fetchSiteCompliance, 'Error fetching the compliance settings:'),
  staleTime: 5 * 60_000,
});

export function useSiteCompliance(): SiteCompliance {
  return useQuery(siteComplianceQuery).data ?? COMPLIANCE_DEFAULTS;
}

/** schema.org's `identifier` of the guest house: its CIN, when set. */
export function cinIdentifier(cin: string | null | undefined) {
  return cin ? { identifier: { '@type': 'PropertyValue', propertyID: 'CIN', value: cin } } : {};
}
