import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A row of a room's facts, each with its icon: size, guests, beds, bathrooms. */
export function RoomFactList({
  facts,
  className,
  itemClassName,
  iconClassName,
}: {
  facts: { icon: LucideIcon; text: string }[];
  className?: string;
  itemClassName?: string;
  iconClassName?: string;
}) {
  return (
    <ul className={cn('flex flex-wrap text-sm', className)}>
      {facts.map(({ icon: Icon, text }) => (
        <li key={text} className={cn('inline-flex items-center', itemClassName)}>
          <Icon className={cn('h-4 w-4', iconClassName)} aria-hidden="true" /> {text}
        </li>
      ))}
    </ul>
  );
}
