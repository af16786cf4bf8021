import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import {
  countryNotGiven,
  type CountryRow,
  type OccupancyRow,
  type OutcomeRow,
  type PaceRow,
  type PatternRow,
  type SourceRow,
} from '../logic/figures';
import type { Period } from '../logic/period';

const LOAD_FAILURE = {
  get errorText() {
    return t`Failed to load the report`;
  },
};
const args = (period: Period) => ({ p_from: period.from, p_to: period.to });
// bigint and a nullable integer arrive as numbers or null, whatever the generated type says
const money = (value: unknown) => (value === null || value === undefined ? null : Number(value));

/** Each report's rows for a period, computed by the database (staff only). */
export const reportQueries = {
  all: () => ['reports'] as const,
  occupancy: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'occupancy', period],
      queryFn: async (): Promise<OccupancyRow[]> => {
        const { data, error } = await supabase.rpc('report_occupancy', args(period));
        if (error) throw error;
        return data.map((row) => ({
          month: row.month,
          available: row.available_nights,
          sold: row.sold_nights,
          channel: row.channel_nights,
          closed: row.closed_nights,
          revenueCents: Number(row.revenue_cents),
          receivedCents: Number(row.received_cents),
          adrCents: money(row.adr_cents),
          revparCents: money(row.revpar_cents),
          onRequest: row.on_request_nights,
          onRequestCents: Number(row.on_request_cents),
        }));
      },
      meta: LOAD_FAILURE,
    }),
  pace: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'pace', period],
      queryFn: async (): Promise<PaceRow[]> => {
        const { data, error } = await supabase.rpc('report_pace', args(period));
        if (error) throw error;
        return data.map((row) => ({ month: row.month, nights: row.nights, nightsYearBefore: row.nights_year_before }));
      },
      meta: LOAD_FAILURE,
    }),
  patterns: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'patterns', period],
      queryFn: async (): Promise<PatternRow[]> => {
        const { data, error } = await supabase.rpc('report_stay_patterns', args(period));
        if (error) throw error;
        return data.map((row) => ({
          measure: row.measure as PatternRow['measure'],
          bucket: row.bucket,
          bookings: row.bookings,
          nights: row.nights,
        }));
      },
      meta: LOAD_FAILURE,
    }),
  outcomes: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'outcomes', period],
      queryFn: async (): Promise<OutcomeRow[]> => {
        const { data, error } = await supabase.rpc('report_outcomes', args(period));
        if (error) throw error;
        return data.map((row) => ({
          outcome: row.outcome,
          actor: row.actor,
          actorName: row.actor_name ?? null,
          requests: row.requests,
        }));
      },
      meta: LOAD_FAILURE,
    }),
  sources: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'sources', period],
      queryFn: async (): Promise<SourceRow[]> => {
        const { data, error } = await supabase.rpc('report_sources', args(period));
        if (error) throw error;
        return data;
      },
      meta: LOAD_FAILURE,
    }),
  countries: (period: Period) =>
    queryOptions({
      queryKey: [...reportQueries.all(), 'countries', period],
      queryFn: async (): Promise<CountryRow[]> => {
        const { data, error } = await supabase.rpc('report_guest_countries', args(period));
        if (error) throw error;
        return data.map((row) => ({
          countryCode: row.country_code ?? null,
          country: row.country ?? countryNotGiven(),
          guests: row.guests,
          nights: row.nights,
        }));
      },
      meta: LOAD_FAILURE,
    }),
};
