import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/** A list item of facts: an icon, a bold label and the detail under it (address, phone, hours…). */
export function IconItem({
  icon: Icon,
  label,
  className,
  children,
}: {
  icon: LucideIcon;
  label: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li className={cn('flex gap-3', className)}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <div className="min-w-0">
        <p className="font-semibold">{label}</p>
        {children}
      </div>
    </li>
  );
}
