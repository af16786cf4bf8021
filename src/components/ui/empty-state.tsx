import type { ComponentType, ReactNode } from 'react';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface EmptyStateProps {
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean | 'true' }>;
  title: ReactNode;
  /** `h2` when the empty state stands for a whole screen's list; a paragraph inside a section. */
  titleAs?: 'h2' | 'p';
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}

/** What a list shows when it has no rows: an icon, a title, a hint and an optional action. */
export function EmptyState({ icon: Icon, title, titleAs = 'p', description, action, className }: EmptyStateProps) {
  const Title = titleAs;
  return (
    <Card className={cn('py-12 text-center', className)}>
      <CardContent className="space-y-2">
        <Icon className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden="true" />
        <Title className={titleAs === 'h2' ? 'text-xl font-semibold' : 'text-lg font-medium'}>{title}</Title>
        {description && <p className="text-muted-foreground">{description}</p>}
        {action}
      </CardContent>
    </Card>
  );
}
