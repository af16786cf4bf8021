/**
 * The picture a room shows when it has no photo of its own: the public site and the admin both use
 * it, so staff see what guests see.
 */
const ILLUSTRATIONS: { match: string; src: string }[] = [
  { match: 'superior king', src: '/rooms/superior-king.svg' },
  { match: 'deluxe king', src: '/rooms/deluxe-king.svg' },
  { match: 'standard king', src: '/rooms/standard-king.svg' },
  { match: 'superior quadruple', src: '/rooms/superior-quadruple.svg' },
];

export const GENERIC_ROOM_ILLUSTRATION = '/rooms/room.svg';

/** The original illustration used when a room has no photo, chosen by the name it contains. */
export function roomIllustration(name: string | null | undefined): string {
  const lower = (name ?? '').toLowerCase();
  return ILLUSTRATIONS.find((entry) => lower.includes(entry.match))?.src ?? GENERIC_ROOM_ILLUSTRATION;
}

export function hasOwnPicture(room: { image_url: string | null }): boolean {
  return !!room.image_url && room.image_url.trim() !== '';
}

/** The card image: the room's own photo, else its illustration. */
export function roomCardImage(room: { name: string | null; image_url: string | null }): string {
  return hasOwnPicture(room) ? room.image_url! : roomIllustration(room.name);
}
