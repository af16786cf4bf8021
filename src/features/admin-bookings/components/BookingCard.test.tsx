import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BookingListItem, BookingStatus } from '../types';
import { BookingCard } from './BookingCard';

const booking: BookingListItem = {
  id: 'b1',
  reference: 'CG-ABC234',
  room_id: 'r1',
  guest_name: 'Anna Rossi',
  guest_email: 'anna@example.com',
  guest_phone: null,
  check_in_date: '2026-03-05',
  check_out_date: '2026-03-08',
  guests: 2,
  total_amount: 450,
  discount_amount: 0,
  promo_code: null,
  status: 'pending',
  special_requests: 'Late arrival',
  created_at: '2026-02-01T10:00:00Z',
  room_name: 'Deluxe King',
  room_number: '102',
  room_type: 'deluxe',
};

function buttonsFor(status: BookingStatus) {
  const { unmount } = render(<BookingCard booking={{ ...booking, status }} onAction={() => {}} busy={false} />);
  const names = within(screen.getByRole('article', { name: 'Anna Rossi' }))
    .queryAllByRole('button')
    .map((button) => button.textContent);
  unmount();
  return names;
}

describe('BookingCard', () => {
  it('offers only the allowed actions for each status', () => {
    expect(buttonsFor('pending')).toEqual(['Confirm', 'Cancel']);
    expect(buttonsFor('confirmed')).toEqual(['Check In', 'Cancel']);
    expect(buttonsFor('checked_in')).toEqual(['Check Out', 'Cancel']);
    expect(buttonsFor('checked_out')).toEqual([]);
    expect(buttonsFor('cancelled')).toEqual([]);
  });

  it('shows dates as MMM dd, yyyy with the nights, room and total', () => {
    render(<BookingCard booking={booking} onAction={() => {}} busy={false} />);
    expect(screen.getByText(/Mar 05, 2026 – Mar 08, 2026/)).toBeInTheDocument();
    expect(screen.getByText('3 nights')).toBeInTheDocument();
    expect(screen.getByText(/Deluxe King · Room 102/)).toBeInTheDocument();
    expect(screen.getByText('Late arrival')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('reports the chosen action and disables buttons while busy', async () => {
    const onAction = vi.fn();
    const { rerender } = render(<BookingCard booking={booking} onAction={onAction} busy={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onAction).toHaveBeenCalledWith({ label: 'Confirm', to: 'confirmed' });
    rerender(<BookingCard booking={booking} onAction={onAction} busy />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });
});
