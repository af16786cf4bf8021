/** Query keys of the guest's private booking page. */
export const guestBookingKeys = {
  all: ['guest-booking'] as const,
  /** the shared prefix of everything the private page shows of one booking (its other sections too) */
  booking: (reference: string) => [...guestBookingKeys.all, reference] as const,
  link: (reference: string, token: string) => [...guestBookingKeys.booking(reference), token] as const,
};
