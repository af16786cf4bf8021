import { useLingui } from '@lingui/react/macro';
import { plural } from '@lingui/core/macro';
import type { RoomFacts } from '../logic/rooms';

/** A room's size, guests, beds and bathrooms as the card and the room page write them, in the page's language. */
export function useRoomFactTexts(facts: RoomFacts) {
  const { t } = useLingui();
  const guests = plural(facts.guests, { one: '# guest', other: '# guests' });
  return {
    size: t`${facts.sizeM2} m²`,
    guests,
    upToGuests: t`Up to ${guests}`,
    beds: facts.beds,
    bathrooms: plural(facts.bathrooms, { one: '# private bathroom', other: '# bathrooms' }),
  };
}
