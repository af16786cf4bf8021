import type { Database } from '@/types/database';

export type CleaningState = Database['public']['Enums']['cleaning_state'];
export type DayKind = 'departure' | 'stayover' | 'arrival' | 'vacant';

export interface HousekeepingRoom {
  room_id: string;
  room_number: string;
  room_name: string;
  room_status: Database['public']['Enums']['room_status'];
  state: CleaningState;
  changed_at: string;
  day_kind: DayKind;
  departure: boolean;
  stayover: boolean;
  arrival: boolean;
  guests: number | null;
  sort_order: number;
}

export const CLEANING_STATES: readonly CleaningState[] = ['dirty', 'clean', 'inspected', 'out_of_service'];
export const DAY_KINDS: readonly DayKind[] = ['departure', 'stayover', 'arrival', 'vacant'];

/** Ready for a guest: cleaned (and perhaps inspected). */
export function isReady(state: CleaningState): boolean {
  return state === 'clean' || state === 'inspected';
}

/** The one tap a room's card offers: a dirty room is cleaned, a clean one inspected. */
export function nextCleaningStep(state: CleaningState): CleaningState | null {
  if (state === 'dirty') return 'clean';
  if (state === 'clean') return 'inspected';
  return null;
}

/** The rooms by what the day holds for them, in the list's order (departures, stay-overs, arrivals, the rest). */
export function groupByDay(rooms: readonly HousekeepingRoom[]): { kind: DayKind; rooms: HousekeepingRoom[] }[] {
  return DAY_KINDS.map((kind) => ({ kind, rooms: rooms.filter((room) => room.day_kind === kind) })).filter(
    (group) => group.rooms.length > 0,
  );
}

/** Rooms with guests arriving today that are not ready (for the desk). */
export function arrivingNotReady(rooms: readonly HousekeepingRoom[]): HousekeepingRoom[] {
  return rooms.filter((room) => room.arrival && !isReady(room.state));
}
