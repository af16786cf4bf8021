import { OccupancyCalendar } from '@/features/admin-calendar/components/OccupancyCalendar';

/** /admin/calendar: every room's occupancy across all channels, and manual blocks. */
export default function CalendarPage() {
  return <OccupancyCalendar />;
}
