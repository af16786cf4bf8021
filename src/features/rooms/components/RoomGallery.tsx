import { useLingui } from '@lingui/react/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/utils';
import type { GalleryImage } from '../logic/rooms';

/** Main photo with previous/next buttons and a row of thumbnails (all keyboard-usable). */
export function RoomGallery({ images, roomName }: { images: GalleryImage[]; roomName: string }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;
  const go = (delta: number) => setIndex((value) => (value + delta + count) % count);

  return (
    <div className="grid gap-3" aria-roledescription={t`gallery`} aria-label={t`Photos of ${roomName}`}>
      <div className="relative aspect-[16/10] overflow-hidden rounded-lg bg-muted">
        <img src={current.src} alt={current.alt} className="h-full w-full object-cover" width={1200} height={750} />
        {count > 1 && (
          <>
            <button
              type="button"
              onClick={() => go(-1)}
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-background/90 p-2 shadow hover:bg-background"
              aria-label={t`Previous photo`}
            >
              <ChevronLeft className="h-5 w-5" aria-hidden="true" />
            </button>
            <button
              type="button"
              onClick={() => go(1)}
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-background/90 p-2 shadow hover:bg-background"
              aria-label={t`Next photo`}
            >
              <ChevronRight className="h-5 w-5" aria-hidden="true" />
            </button>
            <p
              className="absolute bottom-3 right-3 rounded bg-black/60 px-2 py-0.5 text-xs text-white"
              aria-live="polite"
            >
              {index + 1} / {count}
            </p>
          </>
        )}
      </div>
      {count > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, i) => (
            <li key={`${image.src}-${i}`} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={t`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? 'true' : undefined}
                className={cn(
                  'block h-16 w-24 overflow-hidden rounded-md border-2',
                  i === index ? 'border-primary' : 'border-transparent opacity-75 hover:opacity-100',
                )}
              >
                <img src={image.src} alt="" loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
