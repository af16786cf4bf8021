import {
  bookingErrors,
  bookingErrorToast,
  bookingFormSchema,
  canSubmitBookingForm,
  dialogSchema,
  DIALOG_GUESTS,
  FORM_GUESTS,
  guestRange,
  emptyBookingFormValues,
  emptyDialogValues,
  type BookingFormValues,
  type DialogValues,
} from './schemas';

const today = '2026-05-10';

function dialogIssue(values: Partial<DialogValues>) {
  const result = dialogSchema(today).safeParse({ ...emptyDialogValues('room-1'), ...values });
  return result.success ? null : result.error.issues[0].message;
}

const okDialog: Partial<DialogValues> = {
  name: 'Ann',
  email: 'ann@example.com',
  checkIn: '2026-05-12',
  checkOut: '2026-05-14',
};

describe('Book Your Stay dialog rules', () => {
  it('accepts a complete request with defaults (guests 2)', () => {
    expect(dialogIssue(okDialog)).toBeNull();
    expect(emptyDialogValues().guests).toBe('2');
  });

  it('refuses what the server refuses: a name over two lines, invisible characters, a list of addresses', () => {
    expect(dialogIssue({ ...okDialog, name: 'X\r\nBcc: victim@evil.example' })).toBe('invalidName');
    expect(dialogIssue({ ...okDialog, name: 'Ann\u200B' })).toBe('invalidName');
    expect(dialogIssue({ ...okDialog, email: 'a@b.co,d' })).toBe('invalidEmail');
    expect(dialogIssue({ ...okDialog, specialRequests: 'Late \u202Earrival' })).toBe('invalidRequests');
    expect(dialogIssue({ ...okDialog, specialRequests: 'Late arrival\nAround 23:00' })).toBeNull();
    expect(bookingErrorToast('invalidEmail').description).toBe('Please enter a valid email address.');
  });

  it.each([['name'], ['email'], ['checkIn'], ['checkOut']] as const)('%s missing → Missing Information', (field) => {
    expect(dialogIssue({ ...okDialog, [field]: '' })).toBe('dialogMissing');
    expect(bookingErrorToast('dialogMissing')).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields including dates.',
    });
  });

  it('whitespace-only name counts as missing', () => {
    expect(dialogIssue({ ...okDialog, name: '   ' })).toBe('dialogMissing');
  });

  it('check-out on or before check-in → Invalid Dates', () => {
    expect(dialogIssue({ ...okDialog, checkOut: '2026-05-12' })).toBe('invalidDates');
    expect(dialogIssue({ ...okDialog, checkOut: '2026-05-11' })).toBe('invalidDates');
    expect(bookingErrors().invalidDates).toEqual({
      title: 'Invalid Dates',
      description: 'Check-out date must be after check-in date.',
    });
  });

  it('check-in before today is refused', () => {
    expect(dialogIssue({ ...okDialog, checkIn: '2026-05-09', checkOut: '2026-05-11' })).toBe('pastCheckIn');
    expect(dialogIssue({ ...okDialog, checkIn: today, checkOut: '2026-05-11' })).toBeNull();
  });

  it('guests 1 to 8', () => {
    expect(dialogIssue({ ...okDialog, guests: '1' })).toBeNull();
    expect(dialogIssue({ ...okDialog, guests: '8' })).toBeNull();
    expect(dialogIssue({ ...okDialog, guests: '9' })).toBe('dialogGuests');
    expect(dialogIssue({ ...okDialog, guests: '0' })).toBe('dialogGuests');
  });

  it('needs a room when opened without one', () => {
    expect(dialogIssue({ ...okDialog, roomId: '' })).toBe('dialogRoom');
  });

  it('phone is optional but checked when given', () => {
    expect(dialogIssue({ ...okDialog, phone: '+39 (06) 123-456' })).toBeNull();
    expect(dialogIssue({ ...okDialog, phone: 'call me' })).toBe('invalidPhone');
  });
});

const roomIds = ['room-1', 'room-2'];
const okForm: Partial<BookingFormValues> = { ...okDialog, roomId: 'room-1' };

function formIssue(values: Partial<BookingFormValues>) {
  const result = bookingFormSchema(today, roomIds).safeParse({ ...emptyBookingFormValues(), ...values });
  return result.success ? null : result.error.issues[0].message;
}

describe('on-page booking form rules', () => {
  it('accepts a complete request', () => {
    expect(formIssue(okForm)).toBeNull();
  });

  it.each([['checkIn'], ['checkOut'], ['name'], ['email'], ['roomId']] as const)(
    '%s missing → Missing Information',
    (field) => {
      expect(formIssue({ ...okForm, [field]: '' })).toBe('formMissing');
    },
  );

  it('the missing-fields text differs from the dialog', () => {
    expect(bookingErrorToast('formMissing')).toMatchObject({
      title: 'Missing Information',
      description: 'Please fill in all required fields.',
    });
  });

  it('an unknown room → "Please select a valid room."', () => {
    expect(formIssue({ ...okForm, roomId: 'not-offered' })).toBe('formInvalidRoom');
    expect(bookingErrorToast('formInvalidRoom').description).toBe('Please select a valid room.');
  });

  it('guests 1 to 4, default 2', () => {
    expect(emptyBookingFormValues().guests).toBe('2');
    expect(formIssue({ ...okForm, guests: '4' })).toBeNull();
    expect(formIssue({ ...okForm, guests: '5' })).toBe('formGuests');
  });

  it('field limits: name 100, email 254, phone 20, special requests 1000', () => {
    expect(formIssue({ ...okForm, name: 'a'.repeat(100) })).toBeNull();
    expect(formIssue({ ...okForm, name: 'a'.repeat(101) })).toBe('tooLongName');
    expect(formIssue({ ...okForm, email: `${'a'.repeat(243)}@example.com` })).toBe('tooLongEmail');
    expect(formIssue({ ...okForm, phone: '1'.repeat(20) })).toBeNull();
    expect(formIssue({ ...okForm, phone: '1'.repeat(21) })).toBe('tooLongPhone');
    expect(formIssue({ ...okForm, specialRequests: 'x'.repeat(1000) })).toBeNull();
    expect(formIssue({ ...okForm, specialRequests: 'x'.repeat(1001) })).toBe('tooLongRequests');
  });

  it('check-out must be after check-in', () => {
    expect(formIssue({ ...okForm, checkOut: okForm.checkIn })).toBe('formInvalidDates');
  });

  it('the submit button waits for dates, name, email and room', () => {
    expect(canSubmitBookingForm(okForm)).toBe(true);
    expect(canSubmitBookingForm({ ...okForm, roomId: '' })).toBe(false);
    expect(canSubmitBookingForm({ ...okForm, name: '  ' })).toBe(false);
    expect(canSubmitBookingForm({ ...okForm, phone: '' })).toBe(true);
  });

  it('unknown error keys fall back to the generic text', () => {
    expect(bookingErrorToast('nope')).toMatchObject({
      title: 'Error',
      description: 'Something went wrong. Please try again.',
    });
  });
});

describe('guestRange', () => {
  it("cuts the form's range to the chosen room's max_guests, never below the minimum", () => {
    expect(guestRange(DIALOG_GUESTS, 2)).toEqual({ min: 1, max: 2 });
    expect(guestRange(DIALOG_GUESTS, 12)).toEqual({ min: 1, max: 8 });
    expect(guestRange(FORM_GUESTS, 6)).toEqual({ min: 1, max: 4 });
    expect(guestRange(DIALOG_GUESTS, 0)).toEqual({ min: 1, max: 8 });
    expect(guestRange(DIALOG_GUESTS, undefined)).toEqual({ min: 1, max: 8 });
  });
});
