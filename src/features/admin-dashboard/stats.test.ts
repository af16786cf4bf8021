import { describe, expect, it } from 'vitest';
import { occupancyPercent, pendingActions, recentActivity, type DashboardStats } from './stats';

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
  it('counts pending actions', () => {
    expect(pendingActions(stats)).toBe(3);
  });
  it('writes the recent activity lines', () => {
    expect(recentActivity(stats).map((line) => line.text)).toEqual([
      '2 bookings are waiting for confirmation',
      'Occupancy is at 38% (3 of 8 rooms occupied)',
      '1 registered guest',
    ]);
    expect(recentActivity({ ...stats, pending_bookings: 0 })[0]).toEqual({
      tone: 'info',
      text: 'No bookings are waiting for confirmation',
    });
  });
});
