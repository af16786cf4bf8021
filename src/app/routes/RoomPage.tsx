import { useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { Island, StaticPart } from '@/lib/hydration';
import { roomCardImage } from '@/lib/room-pictures';
import { useSiteContent } from '@/lib/site-content';
import { usePageMeta } from '@/lib/use-page-meta';
import { Footer } from '@/features/site/components/Footer';
import { Header } from '@/features/site/components/Header';
import { NearbyPlaces } from '@/features/site/components/NearbyPlaces';
import { SkipLink } from '@/features/site/components/SkipLink';
import { heroContent } from '@/features/site/logic/site';
import { useRoomDetail } from '@/features/rooms/api/room-detail';
import { roomJsonLd } from '@/features/rooms/logic/structured-data';
import { localizedPath, useLocale } from '@/lib/i18n';
import { JsonLd, siteUrl } from '@/lib/json-ld';
import { useHouseCancellation } from '@/lib/cancellation-terms';
import { useSiteCompliance } from '@/lib/site-compliance';
import { contactInfo } from '@/lib/site-content';
import { RoomDetails, RoomNotFound, RoomSkeleton } from '@/features/rooms/components/RoomDetails';

/**
 * /room/:id — the room's page in the site's frame: the header is an island, the room's parts are
 * islands or static parts (RoomDetails), the footer a static part (src/lib/hydration.tsx).
 */
export default function RoomPage() {
  const { id } = useParams();
  const { t } = useLingui();
  const { data: room, isPending, isError, error } = useRoomDetail(id);
  const { data: content } = useSiteContent();
  const compliance = useSiteCompliance();
  const cancellation = useHouseCancellation();
  const locale = useLocale();

  useEffect(() => {
    if (isError) {
      console.error('Error fetching room:', error);
      // the toasts' code (and the styles it inserts) loads only when there is something to say
      const message = t`Failed to fetch room details`;
      void import('@/lib/toast').then(({ toastFailure }) => toastFailure(message));
    }
  }, [isError, error, t]);

  usePageMeta(
    room ? t`${room.name} · Colosseum Guest House` : t`Room · Colosseum Guest House`,
    room?.description?.slice(0, 155) ||
      t`A room at the Colosseum Guest House, a five minute walk from the Colosseum in Rome.`,
    room ? { canonicalPath: `/room/${room.id}`, image: roomCardImage(room) } : {},
  );

  return (
    <>
      <SkipLink />
      <Island>
        <Header />
      </Island>
      <main id="main" tabIndex={-1} className="min-h-[60vh] bg-background pb-16 focus:outline-none">
        {isPending && id ? (
          <RoomSkeleton />
        ) : room ? (
          <>
            <JsonLd
              data={roomJsonLd({
                room,
                url: siteUrl(localizedPath(`/room/${room.id}`, locale)),
                image: siteUrl(roomCardImage(room)),
                address: contactInfo(content).address,
                cin: compliance.cin,
                cancellation,
              })}
            />
            <RoomDetails
              room={room}
              address={heroContent(content).location}
              nearby={<NearbyPlaces className="mt-3" itemClassName="py-2" />}
            />
          </>
        ) : (
          <RoomNotFound />
        )}
      </main>
      <StaticPart>
        <Footer />
      </StaticPart>
    </>
  );
}
