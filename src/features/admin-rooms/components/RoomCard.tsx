import { Trans, useLingui } from '@lingui/react/macro';
import { Bath, BrushCleaning, BedDouble, Images, Pencil, Tag, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { roomCardImage } from '@/lib/room-pictures';
import { cn, formatEuro } from '@/lib/utils';
import { statusToggleLabel, visibleAmenities } from '../logic/rooms';
import { roomTypeLabel } from '@/lib/i18n/portal-labels';
import { cleaningStateLabel, roomStatusLabel, type CleaningState, type Room } from '../types';

const STATUS_VARIANT = {
  available: 'secondary',
  occupied: 'default',
  maintenance: 'outline',
  out_of_order: 'destructive',
} as const;

export function RoomCard({
  room,
  cleaning,
  onEdit,
  onPromoCodes,
  onGallery,
  onToggleStatus,
  onDelete,
  busy,
}: {
  room: Room;
  /** the room's cleaning state (unknown while it loads) */
  cleaning?: CleaningState;
  onEdit: () => void;
  onPromoCodes: () => void;
  onGallery: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useLingui();
  const titleId = useId();
  const number = room.room_number;
  const type = roomTypeLabel(room.room_type);
  const guests = room.max_guests;
  const beds = room.beds;
  const baths = room.bathrooms;
  const codes = room.promo_codes_count;
  const cleaningLabel = cleaning ? cleaningStateLabel(cleaning) : '';
  const { shown, more } = visibleAmenities(room.amenities);

  return (
    <Card className="flex flex-col overflow-hidden" role="article" aria-labelledby={titleId}>
      {/* the picture guests see: the room's photo, else its default illustration */}
      <div className="relative aspect-[16/9] bg-muted">
        <img src={roomCardImage(room)} alt={room.name} className="h-full w-full object-cover" loading="lazy" />
        <Badge variant={STATUS_VARIANT[room.status]} className="absolute right-2 top-2">
          {roomStatusLabel(room.status)}
        </Badge>
      </div>
      <CardContent className="flex flex-1 flex-col gap-3 pt-4">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id={titleId} className="break-words font-serif text-lg font-semibold leading-snug">
              {room.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              <Trans>
                Room {number} · {type}
              </Trans>
            </p>
          </div>
          <p className="shrink-0 text-right">
            <span className="font-semibold">{formatEuro(room.price_per_night)}</span>
            <span className="block text-xs text-muted-foreground">
              <Trans>per night</Trans>
            </span>
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1 whitespace-nowrap">
            <Users className="h-4 w-4" aria-hidden="true" />{' '}
            {guests === 1 ? <Trans>{guests} guest</Trans> : <Trans>{guests} guests</Trans>}
          </li>
          <li className="flex items-center gap-1 whitespace-nowrap">
            <BedDouble className="h-4 w-4" aria-hidden="true" />{' '}
            {beds === 1 ? <Trans>{beds} bed</Trans> : <Trans>{beds} beds</Trans>}
          </li>
          <li className="flex items-center gap-1 whitespace-nowrap">
            <Bath className="h-4 w-4" aria-hidden="true" />{' '}
            {baths === 1 ? <Trans>{baths} bath</Trans> : <Trans>{baths} baths</Trans>}
          </li>
        </ul>
        {room.amenities.length > 0 && (
          <div className="flex flex-wrap gap-1">
            {shown.map((amenity) => (
              <Badge key={amenity} variant="outline" className="font-normal">
                {amenity}
              </Badge>
            ))}
            {more > 0 && (
              <Badge variant="outline" className="font-normal">
                <Trans>+{more} more</Trans>
              </Badge>
            )}
          </div>
        )}
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Tag className="h-4 w-4" aria-hidden="true" />
          {codes === 1 ? <Trans>{codes} promo code</Trans> : <Trans>{codes} promo codes</Trans>}
        </p>
        {cleaning && (
          <p
            className={cn(
              'flex items-center gap-1 text-sm',
              cleaning === 'dirty' || cleaning === 'out_of_service'
                ? 'font-medium text-amber-800'
                : 'text-muted-foreground',
            )}
          >
            <BrushCleaning className="h-4 w-4" aria-hidden="true" />
            <Trans>Housekeeping: {cleaningLabel}</Trans>
          </p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            <Trans>Edit</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={onPromoCodes}>
            <Tag className="h-4 w-4" aria-hidden="true" />
            <Trans>Promo Codes</Trans>
          </Button>
          <Button variant="outline" size="sm" onClick={onGallery}>
            <Images className="h-4 w-4" aria-hidden="true" />
            <Trans>Gallery</Trans>
          </Button>
          <Button variant="secondary" size="sm" onClick={onToggleStatus} disabled={busy}>
            {statusToggleLabel(room.status)}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            className="ml-auto"
            onClick={onDelete}
            disabled={busy}
            aria-label={t`Delete room ${number}`}
          >
            <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
