import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Place } from '@/lib/checkin/guests';
import type { PlaceKind } from '@/lib/checkin/PlacePicker';
import { publicDb } from '@/lib/public-db';
import type { CheckIn } from '../logic/check-in';

/** Keys under the private page's shared prefix ['guest-booking', reference]. */
export const checkInKeys = {
  section: (reference: string, token: string) => ['guest-booking', reference, 'check-in', token] as const,
};

/** A refusal of save_checkin_by_link, with PostgREST's code, hint and details. */
export class CheckInError extends Error {
  readonly code?: string;
  readonly hint?: string | null;
  readonly details?: string | null;
  constructor(error: { message?: string; code?: string; hint?: string | null; details?: string | null }) {
    super(error.message || 'Something went wrong. Please try again.');
    this.name = 'CheckInError';
    this.code = error.code;
    this.hint = error.hint;
    this.details = error.details;
  }
}

/** RPC checkin_by_link: the stay's guests, or null when there is nothing to check in. */
export function checkInQuery(reference: string, token: string) {
  return queryOptions({
    queryKey: checkInKeys.section(reference, token),
    queryFn: async (): Promise<CheckIn | null> => {
      const { data, error } = await publicDb.rpc('checkin_by_link', { p_reference: reference, p_token: token });
      if (error) throw new CheckInError(error);
      // jsonb (null: a link that is not valid, or nothing to check in), written as public.guest_checkin_view
      return data as CheckIn | null;
    },
  });
}

/** RPC save_checkin_by_link: replaces the stay's guests; answers the section as it now is. */
export function useSaveCheckIn(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (guests: unknown[]) => {
      const { data, error } = await publicDb.rpc('save_checkin_by_link', {
        p_reference: reference,
        p_token: token,
        p_guests: guests as never,
      });
      if (error) throw new CheckInError(error);
      return data as CheckIn | null;
    },
    onSuccess: (section) => queryClient.setQueryData(checkInKeys.section(reference, token), section),
  });
}

/** RPC search_checkin_places, with the link (the pickers): Italian names and the countries' ISO codes. */
export function placeSearch(reference: string, token: string) {
  return async (kind: PlaceKind, query: string, isoCodes: string[]): Promise<Place[]> => {
    const { data, error } = await publicDb.rpc('search_checkin_places', {
      p_kind: kind,
      p_query: query,
      p_reference: reference,
      p_token: token,
      p_iso_codes: isoCodes,
    });
    if (error) throw new CheckInError(error);
    return (data ?? []).map((row) => ({ ...row, kind: row.kind as Place['kind'] }));
  };
}
