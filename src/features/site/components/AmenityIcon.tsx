import { createElement } from 'react';
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

/** The 29 icon names the admin amenity form offers. */
export const AMENITY_ICONS: Record<string, LucideIcon> = {
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
};

/** The icon for an amenity's icon_name; unknown or empty names show the home icon. */
export function amenityIcon(name: string | null | undefined): LucideIcon {
  return (name && Object.hasOwn(AMENITY_ICONS, name) ? AMENITY_ICONS[name] : undefined) ?? Home;
}

export function AmenityIcon({ name, className }: { name: string | null | undefined; className?: string }) {
  return createElement(amenityIcon(name), { className, 'aria-hidden': true });
}
