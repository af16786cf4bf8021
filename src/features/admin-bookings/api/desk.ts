import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterWrite } from '@/lib/row-mutations';
import { supabase } from '@/lib/supabase';
import type { DeskSource, GuestLanguage } from '@/lib/new-booking-link';

export interface DeskRoom {
  id: string;
  name: string;
  room_number: string;
  max_guests: number;
  status: string;
}

export interface DeskService {
  id: string;
  name: string;
  price: number;
  pricing_unit: string;
}

export interface ExtraChoice {
  service_id: string;
  quantity: number;
}

/** What a change of dates or room costs (public.quote_stay_change), all in cents. */
export interface StayChangeQuote {
  before: { room_id: string; check_in_date: string; check_out_date: string; total_cents: number };
  after: {
    room_id: string;
    check_in_date: string;
    check_out_date: string;
    total_cents: number;
    priced_total_cents: number;
  };
  difference_cents: number;
  paid_cents: number;
  charge_cents: number;
  refund_cents: number;
  kept_cents: number;
  nights: number;
  rate_plan: string;
}

export const deskQueries = {
  rooms: () =>
    queryOptions({
      queryKey: ['rooms', 'desk'],
      queryFn: async (): Promise<DeskRoom[]> => {
        const { data, error } = await supabase
          .from('rooms')
          .select('id, name, room_number, max_guests, status')
          .order('room_number');
        if (error) throw error;
        return data ?? [];
      },
    }),
  services: () =>
    queryOptions({
      queryKey: ['services', 'desk'],
      queryFn: async (): Promise<DeskService[]> => {
        const { data, error } = await supabase
          .from('services')
          .select('id, name, price, pricing_unit')
          .eq('available', true)
          .order('name');
        if (error) throw error;
        return data ?? [];
      },
    }),
  /** the guest's quote of the stay (public.quote_stay): the price a desk booking is stored at */
  quote: (args: { room: string; from: string; to: string; guests: number; ratePlan: string; extras: ExtraChoice[] }) =>
    queryOptions({
      queryKey: ['desk-quote', args],
      queryFn: async () => {
        const { data, error } = await supabase.rpc('quote_stay', {
          p_room_id: args.room,
          p_check_in: args.from,
          p_check_out: args.to,
          p_guests: args.guests,
          p_rate_plan: args.ratePlan,
          p_extras: args.extras.map((e) => ({ service_id: e.service_id, quantity: e.quantity })),
        });
        if (error) throw error;
        return data;
      },
      enabled: Boolean(args.room && args.from && args.to && args.to > args.from),
      placeholderData: keepPreviousData,
      retry: false,
    }),
  /** a change's price and difference (refused with the engine's reason: the error is shown as is) */
  change: (args: { booking: string; room: string; from: string; to: string }) =>
    queryOptions({
      queryKey: ['desk-change-quote', args],
      queryFn: async (): Promise<StayChangeQuote> => {
        const { data, error } = await supabase.rpc('quote_stay_change', {
          p_booking_id: args.booking,
          p_room_id: args.room,
          p_check_in: args.from,
          p_check_out: args.to,
        });
        if (error) throw error;
        return data as StayChangeQuote | null as StayChangeQuote;
      },
      enabled: Boolean(args.room && args.from && args.to && args.to > args.from),
      retry: false,
      staleTime: 0,
    }),
};

export interface DeskBookingInput {
  room: string;
  from: string;
  to: string;
  guests: number;
  name: string;
  email: string;
  phone: string;
  language: GuestLanguage;
  source: DeskSource;
  ratePlan: string;
  extras: ExtraChoice[];
  notes: string;
  status: 'confirmed' | 'pending';
  holdHours: number | null;
  totalCents: number | null;
  overrideReason: string;
  sendLink: boolean;
  paidMethod: 'cash' | 'card' | null;
}

/** Every screen that shows stays: the bookings' lists, the calendar, the board and the dashboard. */
const STAY_VIEWS = [['bookings'], ['room-occupancy'], ['dashboard-stats']] as const;

async function refreshStays(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all(STAY_VIEWS.map((key) => refreshAfterWrite(queryClient, key)));
}

export function useCreateDeskBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: DeskBookingInput) => {
      const { data, error } = await supabase.rpc('create_desk_booking', {
        p_room_id: input.room,
        p_check_in: input.from,
        p_check_out: input.to,
        p_guests: input.guests,
        p_guest_name: input.name,
        p_guest_email: input.email,
        p_guest_phone: input.phone || undefined,
        p_language: input.language,
        p_source: input.source,
        p_rate_plan: input.ratePlan,
        p_extras: input.extras.map((e) => ({ service_id: e.service_id, quantity: e.quantity })),
        p_notes: input.notes || undefined,
        p_status: input.status,
        p_hold_hours: input.holdHours ?? undefined,
        p_total_cents: input.totalCents ?? undefined,
        p_override_reason: input.overrideReason || undefined,
        p_send_link: input.sendLink,
        p_paid_method: input.paidMethod ?? undefined,
      });
      if (error) throw error;
      return data as { booking_id: string; reference: string; total_cents: number; link_sent: boolean };
    },
    onSuccess: () => refreshStays(queryClient),
  });
}

export function useChangeBookingStay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (args: { booking: string; room: string; from: string; to: string; notify: boolean }) => {
      const { data, error } = await supabase.rpc('change_booking_stay', {
        p_booking_id: args.booking,
        p_room_id: args.room,
        p_check_in: args.from,
        p_check_out: args.to,
        p_notify: args.notify,
      });
      if (error) throw error;
      return data as (StayChangeQuote & { reference: string }) | null as StayChangeQuote & { reference: string };
    },
    onSuccess: () => refreshStays(queryClient),
  });
}

export function useMarkNoShow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bookingId: string) => {
      const { data, error } = await supabase.rpc('mark_no_show', { p_booking_id: bookingId });
      if (error) throw error;
      return data as { kept_cents: number; refund_cents: number; released_nights: number };
    },
    onSuccess: () => refreshStays(queryClient),
  });
}
