import { screen, within } from '@testing-library/react';
import { renderWithI18n } from '@/test/render';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { BookingDetails, BookingEmail, BookingListItem, BookingStatus } from '../types';
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
  const { unmount } = renderWithI18n(<BookingCard booking={{ ...booking, status }} onAction={() => {}} busy={false} />);
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
    expect(buttonsFor('expired')).toEqual(['Confirm', 'Cancel']);
  });

  it('labels an expired request', () => {
    renderWithI18n(<BookingCard booking={{ ...booking, status: 'expired' }} onAction={() => {}} busy={false} />);
    expect(screen.getByText('Expired')).toBeInTheDocument();
  });

  it('shows dates as MMM dd, yyyy with the nights, room and total', () => {
    renderWithI18n(<BookingCard booking={booking} onAction={() => {}} busy={false} />);
    expect(screen.getByText(/Mar 05, 2026 – Mar 08, 2026/)).toBeInTheDocument();
    expect(screen.getByText('3 nights')).toBeInTheDocument();
    expect(screen.getByText(/Deluxe King · Room 102/)).toBeInTheDocument();
    expect(screen.getByText('Late arrival')).toBeInTheDocument();
    expect(screen.getByText('Pending')).toBeInTheDocument();
  });

  it('reports the chosen action and disables buttons while busy', async () => {
    const onAction = vi.fn();
    const { rerender } = renderWithI18n(<BookingCard booking={booking} onAction={onAction} busy={false} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onAction).toHaveBeenCalledWith({ label: 'Confirm', to: 'confirmed' });
    rerender(<BookingCard booking={booking} onAction={onAction} busy />);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
  });

  describe('holds and e-mails', () => {
    const now = new Date('2026-11-25T10:00:00Z');
    const email = (extra: Partial<BookingEmail>): BookingEmail => ({
      id: 'e1',
      kind: 'request_acknowledgement',
      recipient: 'anna@example.com',
      status: 'sent',
      attempt_count: 1,
      last_error: null,
      sent_at: '2026-11-25T09:50:00Z',
      created_at: '2026-11-25T09:50:00Z',
      booking_id: 'b1',
      resend_of: null,
      ...extra,
    });
    const details = (extra: Partial<BookingDetails> = {}): BookingDetails => ({
      hold_expires_at: '2026-11-25T10:23:00Z',
      guest_confirmed_at: null,
      emails: [
        email({}),
        email({
          id: 'e2',
          kind: 'request_received_host',
          recipient: 'host@example.com',
          status: 'failed',
          attempt_count: 6,
          last_error: 'provider answered 503',
        }),
        email({
          id: 'e3',
          kind: 'booking_confirmed',
          status: 'pending',
          attempt_count: 2,
          last_error: 'timeout',
          sent_at: null,
        }),
      ],
      ...extra,
    });
    const renderCard = (props: Partial<Parameters<typeof BookingCard>[0]> = {}) =>
      renderWithI18n(
        <BookingCard
          booking={booking}
          onAction={() => {}}
          busy={false}
          details={details()}
          now={now}
          onResendEmail={() => {}}
          onRevokeLink={() => {}}
          {...props}
        />,
      );

    it("shows a pending request's time left and whether the guest confirmed it", () => {
      const { unmount } = renderCard();
      expect(screen.getByText('Hold ends in 23 min')).toBeInTheDocument();
      expect(screen.getByText('Not yet confirmed by guest')).toBeInTheDocument();
      unmount();
      renderCard({
        details: details({ hold_expires_at: '2026-11-25T09:00:00Z', guest_confirmed_at: '2026-11-25T08:00:00Z' }),
      });
      expect(screen.getByText('Hold ended')).toBeInTheDocument();
      expect(screen.getByText('Confirmed by guest')).toBeInTheDocument();
    });

    it('shows no hold once the booking is no longer pending', () => {
      renderCard({ booking: { ...booking, status: 'confirmed' } });
      expect(screen.queryByText(/Hold ends/)).not.toBeInTheDocument();
      expect(screen.queryByText(/confirmed by guest/i)).not.toBeInTheDocument();
    });

    it('lists the e-mails with their state and resends one', async () => {
      const onResendEmail = vi.fn();
      renderCard({ onResendEmail });
      await userEvent.click(screen.getByText('E-mails (3)'));
      const rows = screen.getAllByTestId('booking-email');
      expect(rows[0]).toHaveTextContent('Request received, with the confirm link (to the guest)');
      expect(rows[0]).toHaveTextContent('Sent');
      expect(rows[1]).toHaveTextContent('Failed');
      expect(rows[1]).toHaveTextContent('After 6 tries: provider answered 503');
      expect(rows[2]).toHaveTextContent('Retrying');
      expect(rows[2]).toHaveTextContent('Try 2 failed: timeout');
      await userEvent.click(within(rows[1]).getByRole('button', { name: 'Resend New request (to the host)' }));
      expect(onResendEmail).toHaveBeenCalledWith(expect.objectContaining({ id: 'e2' }));
    });

    it('offers to revoke the guest link once one was e-mailed', async () => {
      const onRevokeLink = vi.fn();
      const { unmount } = renderCard({ onRevokeLink });
      await userEvent.click(screen.getByRole('button', { name: 'Revoke guest link' }));
      expect(onRevokeLink).toHaveBeenCalled();
      unmount();
      renderCard({ details: details({ emails: [] }) });
      expect(screen.queryByRole('button', { name: 'Revoke guest link' })).not.toBeInTheDocument();
    });
  });
});
