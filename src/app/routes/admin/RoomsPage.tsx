import { RoomsManager } from '@/features/admin-rooms/components/RoomsManager';

export default function RoomsPage() {
  return <RoomsManager />;
}
