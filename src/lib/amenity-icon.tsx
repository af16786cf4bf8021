import { createElement } from 'react';
import type { LucideProps } from 'lucide-react';
import { amenityIcon } from './amenity-icons';

/** The icon of an amenity by its icon_name; unknown names show the home icon. */
export function AmenityIcon({ name, ...props }: Omit<LucideProps, 'name'> & { name: string | null | undefined }) {
  return createElement(amenityIcon(name), { 'aria-hidden': true, ...props });
}
