import { t } from '@lingui/core/macro';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@/lib/checkin/guests';
import type { PlaceKind } from '@/lib/checkin/PlacePicker';
import { resourceKeys } from '@/lib/query-keys';
import { supabase } from '@/lib/supabase';
import type { ArrivalsDay, PoliceDay } from '../logic/arrivals';

export const arrivalsKeys = {
  all: ['arrivals'] as const,
  day: (day: string) => [...arrivalsKeys.all, 'day', day] as const,
  police: (day: string) => [...arrivalsKeys.all, 'police', day] as const,
  places: () => [...arrivalsKeys.all, 'search'] as const,
  settings: () => [...arrivalsKeys.all, 'settings'] as const,
  imports: () => [...arrivalsKeys.all, 'imports'] as const,
};

export const arrivalsQueries = {
  /** RPC staff_arrivals: a day's arrivals with each guest's details (an audited read) */
  day: (day: string) =>
    queryOptions({
      queryKey: arrivalsKeys.day(day),
      queryFn: async (): Promise<ArrivalsDay> => {
        const { data, error } = await supabase.rpc('staff_arrivals', { p_day: day });
        if (error) throw error;
        return data as ArrivalsDay;
      },
      // identity data: read when the screen needs it, not kept warm in the background
      gcTime: 60_000,
      meta: { errorText: t`Failed to load arrivals` },
    }),
  /** RPC police_file_day: the guests checked in that day, as the police file needs them */
  police: (day: string) =>
    queryOptions({
      queryKey: arrivalsKeys.police(day),
      queryFn: async (): Promise<PoliceDay> => {
        const { data, error } = await supabase.rpc('police_file_day', { p_day: day });
        if (error) throw error;
        // typed by public.police_file_day_view; guest_type and sex narrowed to the codes the table allows
        return data as PoliceDay;
      },
      gcTime: 60_000,
      meta: { errorText: t`Failed to load the police file` },
    }),
};

/** RPC search_checkin_places as staff (no link needed). */
export async function searchPlaces(kind: PlaceKind, query: string, isoCodes: string[]): Promise<Place[]> {
  const { data, error } = await supabase.rpc('search_checkin_places', {
    p_kind: kind,
    p_query: query,
    p_iso_codes: isoCodes,
  });
  if (error) throw error;
  return (data ?? []).map((row) => ({ ...row, kind: row.kind as Place['kind'] }));
}

function useArrivalsMutation<T>(fn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: arrivalsKeys.all });
      await queryClient.invalidateQueries({ queryKey: resourceKeys.unreportedCheckIns });
    },
  });
}

/** RPC staff_save_booking_guests: complete or correct a stay's guests at the desk. */
export function useSaveBookingGuests() {
  return useArrivalsMutation(async ({ bookingId, guests }: { bookingId: string; guests: unknown[] }) => {
    const { error } = await supabase.rpc('staff_save_booking_guests', {
      p_booking_id: bookingId,
      p_guests: guests as never,
    });
    if (error) throw error;
  });
}

/** RPC verify_booking_guest: "identity verified in person", or withdrawn. */
export function useVerifyGuest() {
  return useArrivalsMutation(async ({ guestId, verified }: { guestId: string; verified: boolean }) => {
    const { error } = await supabase.rpc('verify_booking_guest', { p_guest_id: guestId, p_verified: verified });
    if (error) throw error;
  });
}

/** RPC check_in_booking: every guest complete and verified; the report's clock starts. */
export function useCheckInBooking() {
  return useArrivalsMutation(async (bookingId: string) => {
    const { error } = await supabase.rpc('check_in_booking', { p_booking_id: bookingId });
    if (error) throw error;
  });
}

/** RPC mark_police_file_filed: staff uploaded the day's file to the portal. */
export function useMarkFiled() {
  return useArrivalsMutation(async ({ day, guestIds }: { day: string; guestIds: string[] }) => {
    const { error } = await supabase.rpc('mark_police_file_filed', { p_day: day, p_guest_ids: guestIds });
    if (error) throw error;
  });
}

/** RPC record_property_payment (kind city_tax): the desk takes the city tax on the stay's folio. */
export function useRecordCityTax() {
  return useArrivalsMutation(
    async ({ bookingId, cents, method }: { bookingId: string; cents: number; method: 'cash' | 'card' }) => {
      const { error } = await supabase.rpc('record_property_payment', {
        p_booking_id: bookingId,
        p_kind: 'city_tax',
        p_method: method,
        p_amount_cents: cents,
      });
      if (error) throw error;
    },
  );
}
