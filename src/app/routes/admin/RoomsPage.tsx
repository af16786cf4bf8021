import { ArrivalsNotReady } from '@/features/admin-housekeeping/components/ArrivalsNotReady';
import { RoomsManager } from '@/features/admin-rooms/components/RoomsManager';

export default function RoomsPage() {
  return <RoomsManager notice={<ArrivalsNotReady />} />;
}
