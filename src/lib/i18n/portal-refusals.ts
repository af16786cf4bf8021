// The database's refusals in the portal's language (issue 43). The SQL raises its sentences in
// English (the API's language); the portal shows them in Italian too:
// - a sentence of its own (most staff refusals: "Please pick a day."): looked up by the sentence
//   itself, since Lingui's id of a message is the hash of its English text;
// - a sentence with values ("This stay is for 3 guests and 2 are entered."): by its shape;
// - a guest's refusal the desk meets too (min_stay, unavailable…): the booking flows' table.
// portal-refusals.test.ts holds both lists to the SQL in supabase/schema: a sentence the SQL no
// longer raises fails it, and so does a staff sentence the SQL raises with no Italian here.
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import type { RefusalWording } from '@/lib/postgrest-error';
import { REFUSAL_CODES, refusalText } from '@/lib/refusals/refusals';

/** Every fixed sentence of a staff refusal, as the SQL raises it. */
export const STAFF_SENTENCES: readonly MessageDescriptor[] = [
  // two-factor sign-in, users and roles
  msg`You cannot change your own role.`,
  msg`The last administrator cannot be removed or demoted.`,
  msg`Only administrators can delete users.`,
  msg`Only administrators can change user roles.`,
  msg`User not found.`,
  msg`You cannot delete your own account.`,
  msg`You cannot reset your own second factor: remove it from your account instead.`,
  msg`Say whether two factors are required.`,
  msg`Set up your own second factor before requiring one of everyone.`,
  msg`Please choose a user and a role.`,
  msg`Sign in to choose the portal's language.`,
  msg`The portal speaks English (en) and Italian (it).`,
  msg`This account has no profile.`,
  // bookings, the desk and the calendar
  msg`Please select a valid room.`,
  msg`This room is not available for the selected dates.`,
  msg`Only staff can list bookings.`,
  msg`Only staff can read the dashboard.`,
  msg`Only staff can see the room board.`,
  msg`Only staff can see the occupancy calendar.`,
  msg`Only staff can read the desk's alerts.`,
  msg`Please choose check-in and check-out dates.`,
  msg`Check-out date must be after check-in date.`,
  msg`Staff can only change the status of a booking.`,
  msg`Only a booking to come or a stay in the house can change.`,
  msg`The guest is in the house: the arrival day cannot change.`,
  msg`The guest leaves today or earlier: use Check Out (an early departure).`,
  msg`Choose other dates or another room.`,
  msg`Choose where the booking comes from: phone, e-mail, walk-in or a channel.`,
  msg`A booking taken at the desk is confirmed, or pending with a hold.`,
  msg`A hold lasts 1 to 720 hours.`,
  msg`A stay paid at the desk is confirmed, paid in cash or by card.`,
  msg`Say why the total differs from the price.`,
  msg`The reason is at most 200 characters.`,
  msg`The total is between 0 and 100,000 euros.`,
  msg`Only a confirmed guest whose arrival day has passed can be a no-show.`,
  msg`Booking not found.`,
  msg`Choose a date range of at most 62 days.`,
  msg`Choose a date range.`,
  msg`The calendar serves at most 18 months at a time.`,
  msg`Choose a date range of at most one year.`,
  msg`Only staff can revoke a guest link.`,
  // arrivals, guests, check-in and the police file
  msg`Guests can be entered for confirmed or checked-in stays only.`,
  msg`Guest not found.`,
  msg`A guest who was already reported cannot be removed.`,
  msg`This guest was already reported to the police.`,
  msg`Only a confirmed booking can be checked in.`,
  msg`Some guests' details are missing.`,
  msg`Every guest's identity must be verified in person first.`,
  msg`There is no guest to report.`,
  msg`Some of these guests are not ready to be reported for that day, or were reported already.`,
  msg`Please pick a day.`,
  msg`Enter the guest's e-mail address.`,
  msg`An earlier day is not yet accepted.`,
  msg`No such day to send.`,
  msg`This day is already accepted, or not yet due.`,
  msg`Unknown portal.`,
  msg`Please enter the user, the password and the key.`,
  msg`These credentials are too long or contain control characters.`,
  msg`The file has no rows.`,
  msg`The file has too many rows.`,
  // the folio: payments, extras, refunds, check-out
  msg`Only staff can see payments.`,
  msg`Only staff can record payments.`,
  msg`Record a balance or the city tax, paid in cash or by card, by bank transfer or online.`,
  msg`The note is at most 500 characters.`,
  msg`A collection cannot be dated in the future.`,
  msg`Extras are added to a confirmed stay.`,
  msg`Please name the extra (at most 200 characters).`,
  msg`Please choose a quantity from 1 to 100.`,
  msg`Please enter a price between 0.00 and 10000.00 euros.`,
  msg`Only a stay checked in can be checked out.`,
  msg`Settle in cash or by card.`,
  msg`The guest leaves before the booked departure: charge the nights stayed or every booked night?`,
  msg`Money is still open on this stay: settle it now or check out with it left owing.`,
  msg`Only admins can refund payments.`,
  msg`Please give a reason for the refund (at most 500 characters).`,
  msg`The refund must be more than 0 and at most what was paid online and not yet refunded.`,
  msg`Please give a reason for the correction (at most 500 characters).`,
  msg`Only an extra or a payment taken at the house can be corrected here.`,
  msg`This line is already corrected.`,
  // the city tax and the registers
  msg`Only staff can record the city tax.`,
  msg`The city tax is collected in cash or by card.`,
  msg`Please enter an amount.`,
  msg`Please enter an amount between 0.01 and 1000000.00 euros.`,
  msg`Enter the first night the rate applies to.`,
  msg`Choose a category: guest house of the 1st, 2nd or 3rd category, or bed and breakfast.`,
  msg`A rate already starts on or after this date: a new rate must start after the last one.`,
  msg`Enter the first night the category applies to (at most two years ahead).`,
  msg`Choose a year.`,
  msg`Choose a month.`,
  msg`The period is month, quarter or year.`,
  msg`Choose a period of at most ten years.`,
  msg`Choose a period of at most 400 days.`,
  msg`Choose a period of at most three years.`,
  msg`Choose the reason for the exemption.`,
  msg`Enter who signed the declaration (at most 200 characters).`,
  msg`The declaration is at most 1000 characters.`,
  msg`The declaration is dated between the booking and today.`,
  msg`Choose the quarter the payment is for.`,
  msg`The payment is dated between the start of its quarter and today.`,
  msg`Enter the payment's reference (IUV or receipt number, at most 100 characters).`,
  // rooms, images, housekeeping
  msg`Only staff can change the primary image.`,
  msg`Only staff or housekeeping can see the housekeeping list.`,
  msg`Only staff or housekeeping can change a room's cleaning state.`,
  msg`An image cannot be moved to another room.`,
  msg`A room must keep one primary image: set another image as primary instead.`,
  msg`Image not found.`,
  msg`The housekeeping list covers yesterday to two weeks ahead.`,
  msg`Choose a cleaning state.`,
  // reviews, e-mails, the design
  msg`Only staff can resend e-mails.`,
  msg`Only staff can edit the design.`,
  msg`This stay has no review link.`,
  msg`The guest has already reviewed this stay.`,
  msg`The review link of this stay has expired.`,
  msg`The origin of a review cannot be changed.`,
  msg`A guest's review cannot be edited: approve, hide or reply to it.`,
  msg`E-mail not found.`,
  msg`There is no draft to publish yet: save the design first.`,
  msg`The draft changed while you were editing; reload it before publishing.`,
  msg`Published design versions cannot be changed or deleted.`,
  msg`Only admins can publish the design.`,
  msg`Only admins can restore a design version.`,
  // integrations, webhooks, security
  msg`Channel feed not found.`,
  msg`Only admins can see channel export URLs.`,
  msg`Only admins can rotate export URLs.`,
  msg`Only admins can manage webhooks.`,
  msg`The URL is not valid.`,
  msg`The URL's host must be a plain host name or address (letters, digits, dots and hyphens).`,
  msg`Private, link-local and reserved addresses are refused.`,
  msg`Please enter the deploy hook URL.`,
  msg`The URL must be at most 2000 characters.`,
  msg`URLs with credentials are refused.`,
  msg`The deploy hook URL must start with https:// (http:// is only for 127.0.0.1 or localhost in local development).`,
  msg`No deploy hook is set.`,
  msg`Webhook endpoint not found.`,
  msg`Webhook delivery not found.`,
  msg`Only admins can read the sign-in log.`,
  msg`Only admins can read security events.`,
  msg`Only admins can resolve security alerts.`,
  msg`This alert does not exist or is no longer active.`,
  msg`Only admins can see platform API keys.`,
  msg`Only admins can store platform API keys.`,
  msg`The API key must be between 4 and 200 characters.`,
];

type Shape = readonly [pattern: RegExp, word: (values: string[]) => string];

/** Staff sentences with values, by their shape (the SQL's `%` are the groups). */
export const STAFF_SHAPES: readonly Shape[] = [
  [/^Only administrators can (.+)\.$/, () => t`Only administrators can do this.`],
  [/^Only staff can (.+)\.$/, () => t`Only staff can do this.`],
  [
    /^A booking cannot change from (\w+) to (\w+)\.$/,
    () => t`A booking cannot change to this status from its current one.`,
  ],
  [
    /^This stay starts on (\d{4}-\d{2}-\d{2}): check in on the day of arrival\.$/,
    ([day]) => t`This stay starts on ${day}: check in on the day of arrival.`,
  ],
  [
    /^This stay is for (\d+) guests and (\d+) are entered\.$/,
    ([guests, entered]) => t`This stay is for ${guests} guests and ${entered} are entered.`,
  ],
  [
    /^This guest has a stay still ahead \((.+)\): erase after it ends, or cancel it first\.$/,
    ([stay]) => t`This guest has a stay still ahead (${stay}): erase after it ends, or cancel it first.`,
  ],
  [
    /^The exemption covers from 1 to (\d+) guests of this stay\.$/,
    ([max]) => t`The exemption covers from 1 to ${max} guests of this stay.`,
  ],
  [
    /^The draft was changed by (.+) at (.+) while you were editing\.$/,
    ([who, when]) => t`The draft was changed by ${who} at ${when} while you were editing.`,
  ],
  [/^Design version (\d+) does not exist\.$/, ([version]) => t`Design version ${version} does not exist.`],
  [
    /^Please enter an amount between 0\.01 and ([\d.]+) euros\.$/,
    ([max]) => t`Please enter an amount between 0.01 and ${max} euros.`,
  ],
  [
    /^refund_exceeds_paid: refunds of (\d+) cents would exceed the (\d+) cents paid for this booking\.$/,
    () => t`These refunds would exceed what was paid for this booking.`,
  ],
];

/** The portal's words for a refusal (see RefusalWording); the server's sentence when it has none. */
export const portalRefusalWording: RefusalWording = (refusal) => {
  // whatever the screen, the staff member learns what to do next
  if (refusal.code === 'aal2_required')
    return t`This needs two-factor sign-in. Reload the page to confirm your sign-in with the code from your authenticator app.`;
  const id = generateMessageId(refusal.message);
  if (id in i18n.messages) return i18n._(id);
  for (const [pattern, word] of STAFF_SHAPES) {
    const match = pattern.exec(refusal.message);
    if (match) return word(match.slice(1));
  }
  if (REFUSAL_CODES.includes(refusal.code)) return refusalText(refusal, i18n.locale === 'it' ? 'it' : 'en');
  return refusal.message;
};
