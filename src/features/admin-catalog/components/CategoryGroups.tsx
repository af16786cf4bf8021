import { plural } from '@lingui/core/macro';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { ListSkeleton } from '@/components/ui/list-skeleton';
import { categoryLabel, groupByCategory } from '../types';

/** Items under a heading per category with a count badge. */
export function CategoryGroups<T extends { id: string; category: string }>({
  items,
  renderItem,
}: {
  items: readonly T[];
  renderItem: (item: T) => ReactNode;
}) {
  return (
    <div className="space-y-8">
      {groupByCategory(items).map((group) => (
        <section key={group.category} aria-labelledby={`category-${group.category}`} className="space-y-3">
          <h3 id={`category-${group.category}`} className="flex items-center gap-2 font-sans text-lg font-semibold">
            {categoryLabel(group.category)}
            <Badge variant="secondary" aria-label={plural(group.items.length, { one: '# item', other: '# items' })}>
              {group.items.length}
            </Badge>
          </h3>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">{group.items.map((item) => renderItem(item))}</div>
        </section>
      ))}
    </div>
  );
}

/** The spec's 6-card loading skeleton. */
export function CatalogSkeleton({ label }: { label: string }) {
  return (
    <ListSkeleton
      label={label}
      count={6}
      lines={['h-5 w-1/2', 'h-4 w-full', 'h-4 w-2/3', 'h-9 w-full']}
      className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
      itemTestId="catalog-skeleton"
    />
  );
}
