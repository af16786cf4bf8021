import { Trans, useLingui } from '@lingui/react/macro';
import { BedDouble, Maximize2, Tag, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useLocalizedPath } from '@/lib/i18n';
import { useIntlFormatters } from '@/lib/i18n/intl-format';
import { roomCardImage, roomIllustration } from '@/lib/room-pictures';
import { promoBadges, roomFacts } from '../logic/rooms';
import { RoomFactList } from './RoomFactList';
import { useRoomFactTexts } from './room-texts';
import type { RoomWithPromos } from '@/lib/public-rooms/types';
import { isOnSale } from '@/lib/public-rooms/offers';

export interface RoomCardProps {
  room: RoomWithPromos;
  onBookNow: (room: RoomWithPromos) => void;
  /** Optional hover/focus preload of the booking dialog. */
  onBookNowIntent?: () => void;
  /** Staff-only controls drawn over the image (quick upload/delete), supplied by the admin feature. */
  staffOverlay?: ReactNode;
  /** First cards are above the fold: load their images eagerly. */
  eager?: boolean;
}

/** A room in the home page's rooms section. */
export function RoomCard({ room, onBookNow, onBookNowIntent, staffOverlay, eager = false }: RoomCardProps) {
  const { t } = useLingui();
  const format = useIntlFormatters();
  const localized = useLocalizedPath();
  const facts = roomFacts(room);
  const texts = useRoomFactTexts(facts);
  const { shown, more } = promoBadges(room.room_promo_codes);
  const bookable = isOnSale(room.status);
  const headingId = `room-card-${room.id}`;

  return (
    <article
      aria-labelledby={headingId}
      className="flex flex-col overflow-hidden rounded-lg border bg-card shadow-sm transition-shadow hover:shadow-md"
    >
      <div className="relative aspect-[4/3] bg-muted">
        <img
          src={roomCardImage(room)}
          alt={room.name}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          width={640}
          height={480}
          className="h-full w-full object-cover"
          onError={(event) => {
            const fallback = roomIllustration(room.name);
            if (!event.currentTarget.src.endsWith(fallback)) event.currentTarget.src = fallback;
          }}
        />
        <div className="absolute left-3 top-3 rounded-md bg-background/90 px-2 py-1 text-sm font-semibold shadow">
          {format.euro(room.price_per_night)}
          <span className="font-normal text-muted-foreground">
            {' '}
            <Trans>/ night</Trans>
          </span>
        </div>
        {!bookable && (
          <Badge variant="secondary" className="absolute bottom-3 left-3">
            <Trans>Currently unavailable</Trans>
          </Badge>
        )}
        {staffOverlay}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <h3 id={headingId} className="text-xl font-semibold">
          {room.name}
        </h3>
        <RoomFactList
          className="gap-x-4 gap-y-1 text-muted-foreground"
          itemClassName="gap-1"
          facts={[
            { icon: Users, text: texts.guests },
            { icon: Maximize2, text: texts.size },
            { icon: BedDouble, text: texts.beds },
          ]}
        />
        {room.description && <p className="line-clamp-3 text-sm text-muted-foreground">{room.description}</p>}
        {(shown.length > 0 || more > 0) && (
          <ul className="flex flex-wrap items-center gap-1.5" aria-label={t`Promo codes for ${room.name}`}>
            {shown.map((code) => (
              <li key={code.id}>
                <Badge className="gap-1 bg-terracotta text-white">
                  <Tag className="h-3 w-3" aria-hidden="true" />
                  <Trans>
                    {code.promo_code} · {code.discount_percentage}% off
                  </Trans>
                </Badge>
              </li>
            ))}
            {more > 0 && (
              <li>
                <Badge variant="outline">
                  <Trans>+{more} more</Trans>
                </Badge>
              </li>
            )}
          </ul>
        )}
        <div className="mt-auto flex gap-2 pt-2">
          <Button asChild variant="outline" className="flex-1">
            <Link to={localized(`/room/${room.id}`)}>
              <Trans>
                View Details<span className="sr-only"> of {room.name}</span>
              </Trans>
            </Link>
          </Button>
          <Button
            className="flex-1"
            disabled={!bookable}
            onClick={() => onBookNow(room)}
            onPointerEnter={onBookNowIntent}
            onFocus={onBookNowIntent}
          >
            <Trans>
              Book Now<span className="sr-only"> – {room.name}</span>
            </Trans>
          </Button>
        </div>
      </div>
    </article>
  );
}

export function RoomCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-lg border bg-card" aria-hidden="true">
      <div className="aspect-[4/3] animate-pulse bg-muted" />
      <div className="space-y-3 p-5">
        <div className="h-6 w-2/3 animate-pulse rounded bg-muted" />
        <div className="h-4 w-1/2 animate-pulse rounded bg-muted" />
        <div className="h-16 animate-pulse rounded bg-muted" />
        <div className="h-10 animate-pulse rounded bg-muted" />
      </div>
    </div>
  );
}
