/** Query keys of the booking feature. */
export const bookingKeys = {
  all: ['booking'] as const,
  availability: () => [...bookingKeys.all, 'availability'] as const,
  calendar: (roomId: string, from: string, to: string) =>
    [...bookingKeys.availability(), 'calendar', roomId, from, to] as const,
  quote: (
    roomId: string,
    checkIn: string,
    checkOut: string,
    guests: number,
    promoCode: string,
    extras: string,
    ratePlan: string,
  ) =>
    [...bookingKeys.availability(), 'quote', roomId, checkIn, checkOut, guests, promoCode, extras, ratePlan] as const,
  services: () => [...bookingKeys.all, 'services'] as const,
};
