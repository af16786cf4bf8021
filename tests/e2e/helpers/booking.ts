// The seeded rooms and contact details, dates and prices as the site writes them, and the two
// booking forms (the dialog and the on-page form).
import { expect, type Locator, type Page } from '@playwright/test';
import { captureNewTabUrl } from './page';

/** The seeded rooms (supabase/seed.sql). */
export const ROOMS = {
  superiorKing: { id: '10000000-0000-4000-8000-000000000001', name: 'Superior King', number: '101', price: 145 },
  deluxeKing: { id: '10000000-0000-4000-8000-000000000002', name: 'Deluxe King', number: '102', price: 165 },
  standardKing: { id: '10000000-0000-4000-8000-000000000003', name: 'Standard King', number: '103', price: 110 },
  superiorQuadruple: {
    id: '10000000-0000-4000-8000-000000000004',
    name: 'Superior Quadruple',
    number: '201',
    price: 210,
  },
  cozySingle: { id: '10000000-0000-4000-8000-000000000005', name: 'Cozy Single', number: '202', price: 85 },
  classicTwin: { id: '10000000-0000-4000-8000-000000000006', name: 'Classic Twin', number: '203', price: 120 },
  romanticSuite: { id: '10000000-0000-4000-8000-000000000007', name: 'Romantic Suite', number: '301', price: 240 },
} as const;
export type SeedRoom = (typeof ROOMS)[keyof typeof ROOMS];

/** The seeded contact details (site_content). */
export const SITE_CONTACT = {
  address: 'Via dei Serpenti 42, 00184 Rome, Italy',
  phone: '+39 06 1234 5678',
  email: 'info@colosseumguesthouse.example',
  whatsapp: '393331234567',
} as const;

const pad2 = (value: number) => String(value).padStart(2, '0');

/** Today + `days` as yyyy-mm-dd in local time (what a native date input takes). */
export function daysFromToday(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  return `${date.getFullYear()}-${pad2(date.getMonth() + 1)}-${pad2(date.getDate())}`;
}

/** "2027-05-12" → "Wed, 12 May 2027", the way the WhatsApp message writes dates. */
export function longDate(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number);
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(Date.UTC(y, m - 1, d)).getUTCDay()];
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m - 1];
  return `${weekday}, ${d} ${month} ${y}`;
}

/** 391.5 → "€391.50" */
export function euro(amount: number): string {
  return `€${amount.toFixed(2)}`;
}
/** The details a visitor types into the booking dialog or the on-page form. */
export interface StayInput {
  checkIn: string;
  checkOut: string;
  guests?: number;
  name: string;
  email: string;
  phone?: string;
  specialRequests?: string;
  /** the room to pick, when the form offers a choice */
  roomName?: string;
}

/** How the booking calendar names a day: "Friday, 28 July 2028" (then its price or state). */
export function calendarDayName(iso: string): string {
  return LONG_DATE.format(new Date(`${iso}T00:00:00Z`));
}

const LONG_DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/**
 * The booking calendar's button for a day, after moving the calendar forward to its month and
 * waiting for the day's price or state to load.
 */
export async function calendarDay(scope: Locator, iso: string): Promise<Locator> {
  const button = scope.getByRole('button', { name: new RegExp(`^${calendarDayName(iso)}(,|$)`) });
  for (let i = 0; i < 30 && (await button.count()) === 0; i++) {
    await scope.getByRole('button', { name: 'Go to the Next Month' }).click();
  }
  await expect(button).toHaveAccessibleName(/€|not available/);
  return button;
}

/** Picks check-in, then check-out, in the booking calendar. */
export async function pickStay(scope: Locator, checkIn: string, checkOut: string) {
  await (await calendarDay(scope, checkIn)).click();
  await (await calendarDay(scope, checkOut)).click();
  await expect(scope.getByLabel('Check-out Date')).toHaveValue(/\d{4}$/);
}

async function fillStayFields(scope: Locator, stay: StayInput, guestsLabel: string) {
  await pickStay(scope, stay.checkIn, stay.checkOut);
  if (stay.roomName) {
    const select = scope.getByLabel('Room', { exact: true });
    const option = select.locator('option', { hasText: stay.roomName });
    await expect(option).toHaveCount(1);
    await select.selectOption({ value: (await option.getAttribute('value'))! });
  }
  if (stay.guests !== undefined) await scope.getByLabel(guestsLabel).selectOption(String(stay.guests));
  await scope.getByLabel('Full Name').fill(stay.name);
  await scope.getByLabel('Email', { exact: true }).fill(stay.email);
  if (stay.phone !== undefined) await scope.getByLabel('Phone (optional)').fill(stay.phone);
  if (stay.specialRequests !== undefined)
    await scope.getByLabel('Special Requests (optional)').fill(stay.specialRequests);
}

/** The "Book Your Stay" dialog. */
export class BookingDialog {
  readonly root: Locator;
  readonly promoInput: Locator;
  readonly submit: Locator;
  readonly availability: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('dialog', { name: 'Book Your Stay' });
    this.promoInput = this.root.getByLabel('Promo Code');
    this.submit = this.root.getByRole('button', { name: 'Book via WhatsApp' });
    this.availability = this.root.getByRole('status');
  }

  /** The promo button: "Apply", or "n% off – remove promo code" once applied. */
  promoButton(): Locator {
    return this.root.getByRole('button', { name: /^Apply$|remove promo code/ });
  }

  async fill(stay: StayInput) {
    await expect(this.root).toBeVisible();
    await fillStayFields(this.root, stay, 'Number of Guests');
  }

  /** Types a code, presses Apply and waits for the server's answer. */
  async applyPromo(code: string) {
    await this.promoInput.fill(code);
    const answer = this.page.waitForResponse((response) => response.url().includes('/rpc/check_promo_code'));
    await this.root.getByRole('button', { name: 'Apply' }).click();
    await answer;
  }

  /** Submits and returns the decoded WhatsApp message of the new tab. */
  async submitToWhatsApp(): Promise<{ url: URL; text: string }> {
    const url = await captureNewTabUrl(this.page, () => this.submit.click());
    return { url, text: url.searchParams.get('text') ?? '' };
  }
}

/** The on-page booking form (#booking). */
export class BookingForm {
  readonly root: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole('form', { name: 'Booking request' });
    this.submit = this.root.getByRole('button', { name: 'Send Booking Request' });
  }

  /** Opens the home page at #booking; the form loads when its section is near the viewport. */
  async open() {
    await this.page.goto('/#booking');
    await this.root.scrollIntoViewIfNeeded();
    await expect(this.root.getByLabel('Room', { exact: true }).locator('option')).not.toHaveCount(1);
  }

  async fill(stay: StayInput) {
    await fillStayFields(this.root, stay, 'Guests');
  }
}

/** The message line "Booking reference: CG-XXXXXX". */
export function referenceIn(text: string): string {
  const match = /^Booking reference: (CG-[0-9A-Z]{6})$/m.exec(text);
  expect(match, `booking reference in:\n${text}`).not.toBeNull();
  return match![1];
}

/** A stay request sent as the site sends it (the anonymous `request_booking` call), without a form. */
export async function requestStayByApi(request: {
  p_room_id: string;
  p_check_in: string;
  p_check_out: string;
  p_guests: number;
  p_guest_name: string;
  p_guest_email: string;
  p_language?: string;
}): Promise<void> {
  const response = await fetch(`${process.env.E2E_API_URL}/rest/v1/rpc/request_booking`, {
    method: 'POST',
    headers: {
      apikey: process.env.E2E_ANON_KEY!,
      authorization: `Bearer ${process.env.E2E_ANON_KEY}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify(request),
  });
  expect(response.status).toBe(200);
}

/**
 * Staff check a stay out in the desk's dialog (Bookings → Check Out): every booked night charged
 * when the guest leaves early, and money still open left owing on the folio (so a test writes no
 * ledger row, which is append-only); then the dialog's toast.
 */
export async function checkOutAtTheDesk(page: Page, guestName: string) {
  const dialog = page.getByRole('dialog', {
    name: new RegExp(`^Check out ${guestName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  });
  const leaveOwing = dialog.getByRole('button', { name: 'Check out, left owing' });
  const checkOut = dialog.getByRole('button', { name: 'Check out', exact: true });
  await expect(leaveOwing.or(checkOut)).toBeVisible();
  const everyNight = dialog.getByRole('radio', { name: /^Every booked night/ });
  if (await everyNight.count()) await everyNight.check();
  await ((await leaveOwing.count()) ? leaveOwing : checkOut).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Checked out' }).first()).toBeVisible();
}
