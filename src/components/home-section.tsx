import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

export interface HomeSectionProps {
  /** the section's anchor (`/#rooms`) and design id; its title is `${id}-title` */
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  /** `data-design-id` of the subtitle, where the designer may restyle it */
  subtitleDesignId?: string;
  /** more of the heading block under the title (the Reviews score) */
  heading?: ReactNode;
  /** the background: `bg-background` or `bg-secondary/60` */
  className?: string;
  children: ReactNode;
}

/** A home page section: the anchor, the centred title and subtitle, and the section's content. */
export function HomeSection({ id, title, subtitle, subtitleDesignId, heading, className, children }: HomeSectionProps) {
  return (
    <section
      id={id}
      data-design-id={id}
      aria-labelledby={`${id}-title`}
      className={cn('scroll-mt-24 py-16 md:py-24', className)}
    >
      <div className="container">
        <div className="mx-auto mb-10 max-w-2xl text-center">
          <h2 id={`${id}-title`} data-design-id={`${id}-title`} className="text-3xl font-bold md:text-4xl">
            {title}
          </h2>
          {subtitle && (
            <p data-design-id={subtitleDesignId} className="mt-3 text-muted-foreground">
              {subtitle}
            </p>
          )}
          {heading}
        </div>
        {children}
      </div>
    </section>
  );
}
