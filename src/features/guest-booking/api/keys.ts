/** Query keys of the guest's private booking page. */
export const guestBookingKeys = {
  all: ['guest-booking'] as const,
  link: (reference: string, token: string) => [...guestBookingKeys.all, reference, token] as const,
};
