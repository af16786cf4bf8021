import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithI18n } from '@/test/render';
import { BookingDialogProvider, useBookingDialog, type BookingDialogProps } from './booking-dialog';

/** A stand-in dialog: "Send" records a request, as the real one does after the WhatsApp hand-off. */
function FakeDialog({ open, onBooked }: BookingDialogProps) {
  if (!open) return null;
  return (
    <div role="dialog" aria-label="Book Your Stay">
      <button onClick={() => onBooked(<p>Deposit offer</p>)}>Send</button>
    </div>
  );
}

function BookNow() {
  const { openBooking } = useBookingDialog();
  return <button onClick={() => openBooking()}>Book Now</button>;
}

describe('BookingDialogProvider', () => {
  it('closes the dialog after a request and shows what follows it until the dialog is opened again', async () => {
    renderWithI18n(
      <BookingDialogProvider Dialog={FakeDialog} preloadDialog={() => {}}>
        <BookNow />
      </BookingDialogProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(screen.queryByRole('dialog', { name: 'Book Your Stay' })).not.toBeInTheDocument();
    expect(screen.getByText('Deposit offer')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Book Now' }));
    expect(await screen.findByRole('dialog', { name: 'Book Your Stay' })).toBeInTheDocument();
    expect(screen.queryByText('Deposit offer')).not.toBeInTheDocument();
  });
});
