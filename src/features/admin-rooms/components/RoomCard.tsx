import { Bath, BedDouble, Images, Pencil, Tag, Trash2, Users } from 'lucide-react';
import { useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { roomCardImage } from '@/lib/room-pictures';
import { formatEuro } from '@/lib/utils';
import { statusToggleLabel, visibleAmenities } from '../logic/rooms';
import { roomStatusLabel, roomTypeLabel, type Room } from '../types';

const STATUS_VARIANT = {
  available: 'secondary',
  occupied: 'default',
  maintenance: 'outline',
  out_of_order: 'destructive',
} as const;

export function RoomCard({
  room,
  onEdit,
  onPromoCodes,
  onGallery,
  onToggleStatus,
  onDelete,
  busy,
}: {
  room: Room;
  onEdit: () => void;
  onPromoCodes: () => void;
  onGallery: () => void;
  onToggleStatus: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const titleId = useId();
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
              Room {room.room_number} · {roomTypeLabel(room.room_type)}
            </p>
          </div>
          <p className="shrink-0 text-right">
            <span className="font-semibold">{formatEuro(room.price_per_night)}</span>
            <span className="block text-xs text-muted-foreground">per night</span>
          </p>
        </div>
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <li className="flex items-center gap-1 whitespace-nowrap">
            <Users className="h-4 w-4" aria-hidden="true" /> {room.max_guests}{' '}
            {room.max_guests === 1 ? 'guest' : 'guests'}
          </li>
          <li className="flex items-center gap-1 whitespace-nowrap">
            <BedDouble className="h-4 w-4" aria-hidden="true" /> {room.beds} {room.beds === 1 ? 'bed' : 'beds'}
          </li>
          <li className="flex items-center gap-1 whitespace-nowrap">
            <Bath className="h-4 w-4" aria-hidden="true" /> {room.bathrooms} {room.bathrooms === 1 ? 'bath' : 'baths'}
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
                +{more} more
              </Badge>
            )}
          </div>
        )}
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <Tag className="h-4 w-4" aria-hidden="true" />
          {room.promo_codes_count} {room.promo_codes_count === 1 ? 'promo code' : 'promo codes'}
        </p>
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <Button variant="outline" size="sm" onClick={onEdit}>
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit
          </Button>
          <Button variant="outline" size="sm" onClick={onPromoCodes}>
            <Tag className="h-4 w-4" aria-hidden="true" />
            Promo Codes
          </Button>
          <Button variant="outline" size="sm" onClick={onGallery}>
            <Images className="h-4 w-4" aria-hidden="true" />
            Gallery
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
            aria-label={`Delete room ${room.room_number}`}
          >
            <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
