import { describe, expect, it } from 'vitest';
import {
  occupancyPercent,
  pendingActions,
  recentActivity,
  unreportedText,
  urgentRequestsText,
  type DashboardStats,
  type UnreportedCheckIn,
} from './stats';

const stats: DashboardStats = {
  total_rooms: 8,
  occupied_rooms: 3,
  unavailable_rooms: 1,
  active_bookings: 5,
  pending_bookings: 2,
  revenue: 1234.5,
  registered_guests: 1,
};

describe('dashboard figures', () => {
  it('computes occupancy as a rounded percentage, 0 without rooms', () => {
    expect(occupancyPercent(stats)).toBe(38);
    expect(occupancyPercent({ total_rooms: 0, occupied_rooms: 0 })).toBe(0);
  });
  it('counts pending actions: requests whose hold ends within 6 hours, rooms out of service', () => {
    expect(pendingActions(stats)).toBe(3);
    expect(urgentRequestsText(stats)).toBe('2 requests end within 6 h');
    expect(urgentRequestsText({ pending_bookings: 1 })).toBe('1 request ends within 6 h');
  });
  it('adds the guests checked in but not reported, with the nearest deadline', () => {
    const stay = (hours_left: number, unreported_guests: number): UnreportedCheckIn => ({
      booking_id: `b${hours_left}`,
      reference: 'CG-TEST01',
      room_name: 'Room',
      checked_in_at: '2026-11-27T12:00:00Z',
      deadline_at: '2026-11-28T12:00:00Z',
      hours_left,
      unreported_guests,
    });
    expect(pendingActions(stats, [stay(20, 3), stay(5, 1)])).toBe(7);
    expect(unreportedText([stay(20, 3), stay(5, 1)])).toBe('4 guests checked in but not reported · 5 h left');
    expect(unreportedText([stay(-2, 1)])).toBe('1 guest checked in but not reported · 2 h overdue');
    expect(unreportedText([])).toBeNull();
  });
  it('writes the recent activity lines', () => {
    expect(recentActivity(stats).map((line) => line.text)).toEqual([
      '2 pending requests expire within 6 hours unless you answer',
      'Occupancy is at 38% (3 of 8 rooms occupied)',
      '1 registered guest',
    ]);
    expect(recentActivity({ ...stats, pending_bookings: 0 })[0]).toEqual({
      tone: 'info',
      text: 'No pending request expires within 6 hours',
    });
  });
});
