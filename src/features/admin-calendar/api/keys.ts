export const calendarKeys = {
  all: ['admin', 'calendar'] as const,
  rooms: () => [...calendarKeys.all, 'rooms'] as const,
  occupancies: () => [...calendarKeys.all, 'occupancy'] as const,
  occupancy: (from: string, to: string) => [...calendarKeys.occupancies(), from, to] as const,
};
