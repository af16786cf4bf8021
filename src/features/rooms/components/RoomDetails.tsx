import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { ArrowLeft, BedDouble, Bath, Check, Eye, Images, MapPin, Maximize2, Users } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { Island, StaticPart } from '@/lib/hydration';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { useBookingDialog } from '@/lib/booking-dialog';
import { useHouseCancellation } from '@/lib/cancellation-terms';
import { HomeButton } from '@/components/home-button';
import { useLocalizedPath } from '@/lib/i18n';
import { useIntlFormatters } from '@/lib/i18n/intl-format';
import type { RoomDetail } from '@/lib/public-rooms/types';
import { roomFacts, roomGallery, roomTypeLabel, roomView } from '../logic/rooms';
import { RoomFactList } from './RoomFactList';
import { RoomGallery } from './RoomGallery';
import { useRoomFactTexts } from './room-texts';

export function RoomNotFound() {
  return (
    <div className="container flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">
        <Trans>Room not found</Trans>
      </h1>
      <p className="mt-3 text-muted-foreground">
        <Trans>The room you are looking for does not exist or is no longer available.</Trans>
      </p>
      <HomeButton back>
        <Trans>Back to Home</Trans>
      </HomeButton>
    </div>
  );
}

export function RoomSkeleton() {
  const { t } = useLingui();
  return (
    <div className="container py-8" role="status" aria-label={t`Loading room`}>
      <Skeleton className="mb-6 h-5 w-32" />
      <Skeleton className="mb-3 h-10 w-2/3" />
      <Skeleton className="mb-8 h-5 w-1/3" />
      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-4">
          <Skeleton className="aspect-[16/10] w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
        <Skeleton className="h-72 w-full" />
      </div>
    </div>
  );
}

function PerNight({ price, className }: { price: number; className: string }) {
  const format = useIntlFormatters();
  return (
    <>
      {format.euro(price)}
      <span className={className}>
        {' '}
        <Trans>/ night</Trans>
      </span>
    </>
  );
}

type BookRoom = () => void;

export interface RoomDetailsProps {
  room: RoomDetail;
  /** the house's address, under the room's name */
  address: string;
  /** the walking distances, in the Location card */
  nearby: ReactNode;
}

/** Book Now and, for staff, Edit Gallery: the title row's buttons. */
function RoomTitleActions({ room, book }: { room: RoomDetail; book: BookRoom }) {
  const { isStaff } = useAuthSnapshot();
  const { preloadBooking } = useBookingDialog();
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="text-2xl font-semibold" data-testid="room-price">
        <PerNight price={room.price_per_night} className="text-base font-normal text-muted-foreground" />
      </p>
      <Button size="lg" onClick={book} onPointerEnter={preloadBooking} onFocus={preloadBooking}>
        <Trans>Book Now</Trans>
      </Button>
      {isStaff && (
        <Button asChild variant="outline" size="lg">
          <Link to={`/admin/rooms?gallery=${room.id}`}>
            <Images className="h-4 w-4" aria-hidden="true" /> <Trans>Edit Gallery</Trans>
          </Link>
        </Button>
      )}
    </div>
  );
}

function RoomAbout({ room }: { room: RoomDetail }) {
  const texts = useRoomFactTexts(roomFacts(room));
  const amenities = room.amenities ?? [];
  return (
    <>
      <section aria-labelledby="about-room">
        <h2 id="about-room" className="text-2xl font-semibold">
          <Trans>About this room</Trans>
        </h2>
        <RoomFactList
          className="mt-4 gap-x-6 gap-y-2"
          itemClassName="gap-1.5"
          iconClassName="text-primary"
          facts={[
            { icon: Maximize2, text: texts.size },
            { icon: Users, text: texts.upToGuests },
            { icon: BedDouble, text: texts.beds },
            { icon: Bath, text: texts.bathrooms },
          ]}
        />
        {room.description && (
          <p className="mt-4 whitespace-pre-line leading-relaxed text-foreground/85">{room.description}</p>
        )}
      </section>

      <section aria-labelledby="room-amenities">
        <h2 id="room-amenities" className="text-2xl font-semibold">
          <Trans>Amenities</Trans>
        </h2>
        {amenities.length > 0 ? (
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {amenities.map((amenity) => (
              <li key={amenity} className="flex items-center gap-2">
                <Check className="h-4 w-4 text-primary" aria-hidden="true" /> {amenity}
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted-foreground">
            <Trans>Ask us about this room's amenities.</Trans>
          </p>
        )}
      </section>
    </>
  );
}

function RoomBookingCard({ room, book }: { room: RoomDetail; book: BookRoom }) {
  const { preloadBooking } = useBookingDialog();
  const cancellation = useHouseCancellation();
  return (
    <section aria-labelledby="book-this-room" className="rounded-lg border bg-card p-6 shadow-sm">
      <h2 id="book-this-room" className="text-xl font-semibold">
        <Trans>Book this room</Trans>
      </h2>
      <p className="mt-1 text-2xl font-semibold">
        <PerNight price={room.price_per_night} className="text-sm font-normal text-muted-foreground" />
      </p>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            <Trans>Room type</Trans>
          </dt>
          <dd className="font-medium">{roomTypeLabel(room.room_type)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted-foreground">
            <Trans>Max guests</Trans>
          </dt>
          <dd className="font-medium">{roomFacts(room).guests}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="inline-flex items-center gap-1 text-muted-foreground">
            <Eye className="h-4 w-4" aria-hidden="true" /> <Trans>View</Trans>
          </dt>
          <dd className="font-medium">{roomView(room)}</dd>
        </div>
      </dl>
      <Button className="mt-5 w-full" size="lg" onClick={book} onPointerEnter={preloadBooking} onFocus={preloadBooking}>
        <Trans>Check Availability</Trans>
      </Button>
      {cancellation && (
        <p className="mt-3 text-center text-xs text-muted-foreground" data-testid="room-cancellation">
          {cancellation}
        </p>
      )}
    </section>
  );
}

/**
 * /room/:id — gallery, description, amenities, sticky booking card and location. What a guest can
 * touch (the title row's buttons, the gallery, the booking card) is an island; the description,
 * amenities and location stay server HTML until the guest acts (src/lib/hydration.tsx). So this
 * component holds no state of its own: a part waiting to hydrate must not be re-rendered by it.
 */
export function RoomDetails({ room, address, nearby }: RoomDetailsProps) {
  const { t } = useLingui();
  const localized = useLocalizedPath();
  const { openBooking } = useBookingDialog();
  const book = () => openBooking({ roomId: room.id, roomName: room.name, roomPrice: room.price_per_night });

  return (
    <div className="container py-8">
      <Island>
        <Link
          to={localized('/#rooms')}
          className="mb-4 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> <Trans>Back to Rooms</Trans>
        </Link>
      </Island>

      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">{room.name}</h1>
          <p className="mt-2 inline-flex items-center gap-1.5 text-muted-foreground">
            <MapPin className="h-4 w-4 text-primary" aria-hidden="true" />
            {address}
          </p>
        </div>
        <Island>
          <RoomTitleActions room={room} book={book} />
        </Island>
      </div>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="grid min-w-0 gap-8">
          <Island>
            <RoomGallery images={roomGallery(room, room.room_images)} roomName={room.name} />
          </Island>
          <StaticPart>
            <RoomAbout room={room} />
          </StaticPart>
        </div>

        <aside
          className="grid content-start gap-6 lg:sticky lg:top-32 lg:self-start"
          aria-label={t`Booking and location`}
        >
          <Island>
            <RoomBookingCard room={room} book={book} />
          </Island>
          <StaticPart>
            <section aria-labelledby="room-location" className="rounded-lg border bg-card p-6 shadow-sm">
              <h2 id="room-location" className="text-xl font-semibold">
                <Trans>Location</Trans>
              </h2>
              {nearby}
            </section>
          </StaticPart>
        </aside>
      </div>
    </div>
  );
}
