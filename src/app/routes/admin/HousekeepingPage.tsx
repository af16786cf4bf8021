import { HousekeepingList } from '@/features/admin-housekeeping/components/HousekeepingList';

/** /admin/housekeeping: the cleaner's list (staff and the housekeeping role). */
export default function HousekeepingPage() {
  return <HousekeepingList />;
}
