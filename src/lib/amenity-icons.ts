import {
  Bath,
  Bed,
  Camera,
  Car,
  CheckCircle,
  Clock,
  Coffee,
  Globe,
  Heart,
  Home,
  Key,
  Lock,
  Mail,
  MapPin,
  Microwave,
  Moon,
  Music,
  Phone,
  Refrigerator,
  Shield,
  Sofa,
  Star,
  Sun,
  Tv,
  Users,
  Utensils,
  Wifi,
  Wind,
  Zap,
  type LucideIcon,
} from 'lucide-react';

/** The 29 icon choices of an amenity (icon_name), in the spec's order; unknown names show Home. */
export const AMENITY_ICONS = {
  Wifi,
  Car,
  Coffee,
  Utensils,
  MapPin,
  Shield,
  Clock,
  Users,
  Bath,
  Tv,
  Wind,
  Home,
  Phone,
  Mail,
  Star,
  Heart,
  CheckCircle,
  Zap,
  Sun,
  Moon,
  Music,
  Camera,
  Globe,
  Lock,
  Key,
  Bed,
  Sofa,
  Refrigerator,
  Microwave,
} as const satisfies Record<string, LucideIcon>;

export type AmenityIconName = keyof typeof AMENITY_ICONS;
export const AMENITY_ICON_NAMES = Object.keys(AMENITY_ICONS) as AmenityIconName[];

/** The icon for an amenity's icon_name; unknown or empty names (even "toString") show the home icon. */
export function amenityIcon(name: string | null | undefined): LucideIcon {
  return name && Object.hasOwn(AMENITY_ICONS, name) ? AMENITY_ICONS[name as AmenityIconName] : Home;
}
