import { RoomBoard } from '@/features/admin-board/components/RoomBoard';
import { ArrivalsNotReady } from '@/features/admin-housekeeping/components/ArrivalsNotReady';

/** /admin/board: the room board, rooms × days, two weeks at a time, with the arriving rooms not ready. */
export default function BoardPage() {
  return <RoomBoard notice={<ArrivalsNotReady />} />;
}
