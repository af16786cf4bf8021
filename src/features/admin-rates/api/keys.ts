export const ratesKeys = {
  all: ['admin', 'rates'] as const,
  rooms: () => [...ratesKeys.all, 'rooms'] as const,
  seasons: () => [...ratesKeys.all, 'seasons'] as const,
  cityTax: () => [...ratesKeys.all, 'city-tax'] as const,
  /** the server's nightly prices of a room for the 12-month calendar (room_calendar) */
  prices: (roomId: string, from: string, to: string) => [...ratesKeys.all, 'prices', roomId, from, to] as const,
};
