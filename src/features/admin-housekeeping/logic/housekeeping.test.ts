import { describe, expect, it } from 'vitest';
import { arrivingNotReady, groupByDay, isReady, nextCleaningStep, type HousekeepingRoom } from './housekeeping';

const room = (over: Partial<HousekeepingRoom>): HousekeepingRoom => ({
  room_id: over.room_number ?? 'r',
  room_number: '101',
  room_name: 'Room',
  room_status: 'available',
  state: 'clean',
  changed_at: '2026-12-02T08:00:00Z',
  day_kind: 'vacant',
  departure: false,
  stayover: false,
  arrival: false,
  guests: null,
  sort_order: 4,
  ...over,
});

describe('housekeeping', () => {
  it('a room is ready when clean or inspected', () => {
    expect(isReady('clean')).toBe(true);
    expect(isReady('inspected')).toBe(true);
    expect(isReady('dirty')).toBe(false);
    expect(isReady('out_of_service')).toBe(false);
  });
  it('offers one next step: dirty to clean, clean to inspected', () => {
    expect(nextCleaningStep('dirty')).toBe('clean');
    expect(nextCleaningStep('clean')).toBe('inspected');
    expect(nextCleaningStep('inspected')).toBeNull();
    expect(nextCleaningStep('out_of_service')).toBeNull();
  });
  it('groups departures, then stay-overs, then arrivals, then the rest, leaving out empty groups', () => {
    const groups = groupByDay([
      room({ room_number: '301', day_kind: 'arrival' }),
      room({ room_number: '101', day_kind: 'departure' }),
      room({ room_number: '202', day_kind: 'vacant' }),
    ]);
    expect(groups.map((g) => [g.kind, g.rooms.map((r) => r.room_number)])).toEqual([
      ['departure', ['101']],
      ['arrival', ['301']],
      ['vacant', ['202']],
    ]);
  });
  it('lists the arriving rooms that are not ready, a departure with an arrival included', () => {
    const rooms = [
      room({ room_number: '101', day_kind: 'departure', departure: true, arrival: true, state: 'dirty' }),
      room({ room_number: '102', day_kind: 'arrival', arrival: true, state: 'inspected' }),
      room({ room_number: '103', day_kind: 'arrival', arrival: true, state: 'out_of_service' }),
      room({ room_number: '104', day_kind: 'stayover', state: 'dirty' }),
    ];
    expect(arrivingNotReady(rooms).map((r) => r.room_number)).toEqual(['101', '103']);
  });
});
