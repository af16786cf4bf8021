import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { BrushCleaning } from 'lucide-react';
import { Link } from 'react-router-dom';
import { housekeepingQueries } from '../api/housekeeping';
import { arrivingNotReady } from '../logic/housekeeping';
import { useHousekeepingLabels } from './labels';

/** For the desk (the board, Rooms): the rooms with guests arriving today that are not ready yet. */
export function ArrivalsNotReady() {
  const { t } = useLingui();
  const labels = useHousekeepingLabels();
  const list = useQuery(housekeepingQueries.list(null, t`Failed to load the housekeeping list`));
  if (!list.data) return null;
  const rooms = arrivingNotReady(list.data);
  if (rooms.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        <Trans>Every room with an arrival today is ready.</Trans>
      </p>
    );
  }
  const count = rooms.length;
  return (
    <div
      role="status"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <BrushCleaning className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className="font-medium">
        {count === 1 ? <Trans>1 arriving room not ready:</Trans> : <Trans>{count} arriving rooms not ready:</Trans>}
      </span>
      <ul className="flex flex-wrap gap-2">
        {rooms.map((room) => (
          <li key={room.room_id}>
            {room.room_number} ({labels.state[room.state]})
          </li>
        ))}
      </ul>
      <Link to="/admin/housekeeping" className="ml-auto underline underline-offset-2">
        <Trans>Housekeeping</Trans>
      </Link>
    </div>
  );
}
