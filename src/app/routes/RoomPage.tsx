import { ArrowLeft, BedDouble, Bath, Check, Eye, Images, MapPin, Maximize2, Users } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { toastFailure } from '@/lib/toast';
import { Button, buttonClasses } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { contentValue, useSiteContent } from '@/lib/site-content';
import { usePageMeta } from '@/lib/use-page-meta';
import { cn, formatEuro } from '@/lib/utils';
import { useAuthSnapshot } from '@/lib/auth/AuthProvider';
import { useBookingDialog } from '@/lib/booking-dialog';
import { Footer } from '@/features/site/components/Footer';
import { Header } from '@/features/site/components/Header';
import { SkipLink } from '@/features/site/components/SkipLink';
import { NEARBY_PLACES } from '@/features/site/sections-logic';
import { useRoomDetail } from '@/features/rooms/api/room-detail';
import { RoomGallery } from '@/features/rooms/components/RoomGallery';
import { roomFacts, roomGallery, roomTypeLabel, roomView } from '@/features/rooms/logic';
import { roomCardImage } from '@/lib/room-pictures';
import { JsonLd, siteUrl } from '@/lib/json-ld';
import { localizedPath, useLocale } from '@/lib/i18n';
import { roomJsonLd } from '@/features/rooms/structured-data';
import type { RoomDetail } from '@/lib/public-rooms/types';

/** /room/:id — gallery, description, amenities, sticky booking card and location. */
export default function RoomPage() {
  const { id } = useParams();
  const { data: room, isPending, isError, error } = useRoomDetail(id);

  useEffect(() => {
    if (isError) {
      console.error('Error fetching room:', error);
      toastFailure('Failed to fetch room details');
    }
  }, [isError, error]);

  usePageMeta(
    room ? `${room.name} · Colosseum Guest House` : 'Room · Colosseum Guest House',
    room?.description?.slice(0, 155) ||
      'A room at the Colosseum Guest House, a five minute walk from the Colosseum in Rome.',
    room ? { canonicalPath: `/room/${room.id}`, image: roomCardImage(room) } : {},
  );

  return (
    <>
      <SkipLink />
      <Header />
      <main id="main" tabIndex={-1} className="min-h-[60vh] bg-background pb-16 focus:outline-none">
        {isPending && id ? <RoomSkeleton /> : room ? <RoomDetails room={room} /> : <RoomNotFound />}
      </main>
      <Footer />
    </>
  );
}

function RoomNotFound() {
  return (
    <div className="container flex flex-col items-center py-24 text-center">
      <h1 className="text-3xl font-bold">Room not found</h1>
      <p className="mt-3 text-muted-foreground">
        The room you are looking for does not exist or is no longer available.
      </p>
      <Link to="/" className={cn(buttonClasses(), 'mt-6')}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
      </Link>
    </div>
  );
}

function RoomSkeleton() {
  return (
    <div className="container py-8" role="status" aria-label="Loading room">
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

function RoomDetails({ room }: { room: RoomDetail }) {
  const { data: content } = useSiteContent();
  const { isStaff } = useAuthSnapshot();
  const { openBooking, preloadBooking } = useBookingDialog();
  const facts = roomFacts(room);
  const gallery = roomGallery(room, room.room_images);
  const location = contentValue(content, 'hero_location', 'Via dei Serpenti 42, Rome');
  const book = () => openBooking({ roomId: room.id, roomName: room.name, roomPrice: room.price_per_night });
  const amenities = room.amenities ?? [];
  const locale = useLocale();
  const structuredData = roomJsonLd({
    room,
    url: siteUrl(localizedPath(`/room/${room.id}`, locale)),
    image: siteUrl(roomCardImage(room)),
    address: contentValue(content, 'contact_address', location),
  });

  return (
    <div className="container py-8">
      <JsonLd data={structuredData} />
      <Link
        to="/#rooms"
        className="mb-4 inline-flex min-h-10 items-center gap-1 text-sm font-medium text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Rooms
      </Link>

      <div className="mb-6 flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="text-3xl font-bold md:text-4xl">{room.name}</h1>
          <p className="mt-2 inline-flex items-center gap-1.5 text-muted-foreground">
            <MapPin className="h-4 w-4 text-primary" aria-hidden="true" />
            {location}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-2xl font-semibold">
            {formatEuro(room.price_per_night)}
            <span className="text-base font-normal text-muted-foreground"> / night</span>
          </p>
          <Button size="lg" onClick={book} onPointerEnter={preloadBooking} onFocus={preloadBooking}>
            Book Now
          </Button>
          {isStaff && (
            <Link to={`/admin/rooms?gallery=${room.id}`} className={buttonClasses('outline', 'lg')}>
              <Images className="h-4 w-4" aria-hidden="true" /> Edit Gallery
            </Link>
          )}
        </div>
      </div>

      <div className="grid gap-8 lg:grid-cols-[2fr_1fr]">
        <div className="grid min-w-0 gap-8">
          <RoomGallery images={gallery} roomName={room.name} />

          <section aria-labelledby="about-room">
            <h2 id="about-room" className="text-2xl font-semibold">
              About this room
            </h2>
            <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              <li className="inline-flex items-center gap-1.5">
                <Maximize2 className="h-4 w-4 text-primary" aria-hidden="true" /> {facts.sizeM2} m²
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Users className="h-4 w-4 text-primary" aria-hidden="true" /> Up to {facts.guests}{' '}
                {facts.guests === 1 ? 'guest' : 'guests'}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <BedDouble className="h-4 w-4 text-primary" aria-hidden="true" />
                {facts.beds}
              </li>
              <li className="inline-flex items-center gap-1.5">
                <Bath className="h-4 w-4 text-primary" aria-hidden="true" /> {facts.bathrooms}{' '}
                {facts.bathrooms === 1 ? 'private bathroom' : 'bathrooms'}
              </li>
            </ul>
            {room.description && (
              <p className="mt-4 whitespace-pre-line leading-relaxed text-foreground/85">{room.description}</p>
            )}
          </section>

          <section aria-labelledby="room-amenities">
            <h2 id="room-amenities" className="text-2xl font-semibold">
              Amenities
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
              <p className="mt-3 text-muted-foreground">Ask us about this room's amenities.</p>
            )}
          </section>
        </div>

        <aside className="grid content-start gap-6 lg:sticky lg:top-32 lg:self-start" aria-label="Booking and location">
          <section aria-labelledby="book-this-room" className="rounded-lg border bg-card p-6 shadow-sm">
            <h2 id="book-this-room" className="text-xl font-semibold">
              Book this room
            </h2>
            <p className="mt-1 text-2xl font-semibold">
              {formatEuro(room.price_per_night)}
              <span className="text-sm font-normal text-muted-foreground"> / night</span>
            </p>
            <dl className="mt-4 grid gap-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Room type</dt>
                <dd className="font-medium">{roomTypeLabel(room.room_type)}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-muted-foreground">Max guests</dt>
                <dd className="font-medium">{facts.guests}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="inline-flex items-center gap-1 text-muted-foreground">
                  <Eye className="h-4 w-4" aria-hidden="true" /> View
                </dt>
                <dd className="font-medium">{roomView(room.amenities)}</dd>
              </div>
            </dl>
            <Button
              className="mt-5 w-full"
              size="lg"
              onClick={book}
              onPointerEnter={preloadBooking}
              onFocus={preloadBooking}
            >
              Check Availability
            </Button>
            <p className="mt-3 text-center text-xs text-muted-foreground">
              Free cancellation until 24 hours before check-in
            </p>
          </section>

          <section aria-labelledby="room-location" className="rounded-lg border bg-card p-6 shadow-sm">
            <h2 id="room-location" className="text-xl font-semibold">
              Location
            </h2>
            <ul className="mt-3 divide-y text-sm">
              {NEARBY_PLACES.map((place) => (
                <li key={place.name} className="flex justify-between py-2">
                  <span>{place.name}</span>
                  <span className="font-medium">{place.minutes} min walk</span>
                </li>
              ))}
            </ul>
          </section>
        </aside>
      </div>
    </div>
  );
}
