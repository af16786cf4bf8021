import { useLingui } from '@lingui/react/macro';
import { Fragment } from 'react';
import { cn } from '@/lib/utils';
import { itemLabel, itemTone, placeItems, type OccupancyItem } from '../logic/occupancy';

interface Room {
  id: string;
  name: string;
  room_number: string;
}

/**
 * Rooms down, nights across. Every bar is a button: a manual block's removes it (after
 * confirmation); any other shows its source (`onShow`), so a touch screen gets what a hover gives.
 */
export function OccupancyGrid({
  rooms,
  days,
  items,
  today,
  selectedId,
  onRemoveManual,
  onShow,
  onBookCell,
}: {
  rooms: Room[];
  days: string[];
  items: OccupancyItem[];
  today: string;
  selectedId?: string | null;
  onRemoveManual: (item: OccupancyItem) => void;
  onShow: (item: OccupancyItem) => void;
  /** a free night of a room was clicked: book it (the New booking dialog, prefilled) */
  onBookCell?: (roomId: string, day: string) => void;
}) {
  const { t, i18n } = useLingui();
  const dayHeader = new Intl.DateTimeFormat(i18n.locale === 'it' ? 'it-IT' : 'en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const columns = { gridTemplateColumns: `repeat(${days.length}, minmax(2.75rem, 1fr))` };
  return (
    <div className="overflow-x-auto rounded-md border" role="region" aria-label={t`Occupancy calendar`} tabIndex={0}>
      <div className="grid min-w-[48rem]" style={{ gridTemplateColumns: '9rem 1fr' }}>
        <div className="sticky left-0 z-10 border-b bg-background p-2 text-xs font-medium text-muted-foreground">
          {t`Room`}
        </div>
        <div className="grid border-b" style={columns}>
          {days.map((day) => (
            <div
              key={day}
              className={cn('border-l p-1 text-center text-xs', day === today && 'bg-primary/10 font-semibold')}
            >
              {dayHeader.format(new Date(`${day}T00:00:00Z`))}
            </div>
          ))}
        </div>
        {rooms.map((room) => {
          const placed = placeItems(
            items.filter((item) => item.room_id === room.id),
            days[0],
            days.length,
          );
          return (
            <Fragment key={room.id}>
              <div className="sticky left-0 z-10 border-b bg-background p-2 text-sm">
                <span className="font-medium">{room.room_number}</span> {room.name}
              </div>
              <div
                className="relative grid min-h-[2.75rem] gap-y-1 border-b py-1"
                style={{ ...columns, gridAutoRows: 'minmax(1.75rem, auto)' }}
                data-testid={`calendar-room-${room.id}`}
              >
                {days.map((day, index) =>
                  onBookCell && day >= today ? (
                    // a free night books from here; the keyboard's way is the page's New booking button
                    <button
                      key={day}
                      type="button"
                      tabIndex={-1}
                      aria-label={t`New booking: room ${room.room_number} from ${dayHeader.format(new Date(`${day}T00:00:00Z`))}`}
                      className={cn('-my-1 border-l hover:bg-primary/10', day === today && 'bg-primary/5')}
                      style={{ gridColumn: index + 1, gridRow: '1 / -1' }}
                      data-testid={`calendar-cell-${room.id}-${day}`}
                      onClick={() => onBookCell(room.id, day)}
                    />
                  ) : (
                    <div
                      key={day}
                      aria-hidden="true"
                      className={cn('-my-1 border-l', day === today && 'bg-primary/5')}
                      style={{ gridColumn: index + 1, gridRow: '1 / -1' }}
                    />
                  ),
                )}
                {placed.map(({ item, column, span, lane }) => {
                  const { text, title } = itemLabel(item);
                  const style = { gridColumn: `${column} / span ${span}`, gridRow: lane };
                  const classes = cn('z-[1] mx-0.5 truncate rounded px-1.5 py-1 text-left text-xs', itemTone(item));
                  const manual = item.kind === 'manual';
                  return (
                    <button
                      key={item.id}
                      type="button"
                      title={manual ? t`${title} · click to remove` : title}
                      aria-label={manual ? t`${title}. Remove` : title}
                      aria-pressed={manual ? undefined : selectedId === item.id}
                      className={cn(
                        classes,
                        'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                        selectedId === item.id && 'outline outline-2 outline-offset-1 outline-foreground',
                      )}
                      style={style}
                      data-kind={item.kind}
                      data-status={item.status}
                      onClick={() => (manual ? onRemoveManual(item) : onShow(item))}
                    >
                      {text}
                    </button>
                  );
                })}
              </div>
            </Fragment>
          );
        })}
      </div>
    </div>
  );
}
