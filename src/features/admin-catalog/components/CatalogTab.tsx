import { Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { toastSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { CatalogSkeleton, CategoryGroups } from './CategoryGroups';

interface CatalogItem {
  id: string;
  name: string;
  category: string;
}

interface CatalogTabProps<T extends CatalogItem> {
  /** 'Amenity' or 'Service': the texts of the tab's buttons, toasts and confirmation */
  noun: string;
  /** lower-case plural, for "Loading …" and "No … found" */
  plural: string;
  intro: string;
  emptyIcon: LucideIcon;
  list: UseQueryResult<T[]>;
  /** whether the item is offered (active, available): its card is dashed when not */
  isOn: (item: T) => boolean;
  toggle: UseMutationResult<void, Error, { id: string; on: boolean }>;
  remove: UseMutationResult<void, Error, string>;
  /** the card's picture above its content, if any */
  media?: (item: T) => ReactNode;
  /** what the card says about the item, above its Edit / Enable / Delete buttons */
  body: (item: T) => ReactNode;
  dialog: (props: { open: boolean; item: T | null; onOpenChange: (open: boolean) => void }) => ReactNode;
}

/** A catalog tab: the items by category, each with Edit, Enable/Disable and Delete, and the add/edit dialog. */
export function CatalogTab<T extends CatalogItem>({
  noun,
  plural,
  intro,
  emptyIcon,
  list,
  isOn,
  toggle,
  remove,
  media,
  body,
  dialog,
}: CatalogTabProps<T>) {
  const [editing, setEditing] = useState<{ open: boolean; item: T | null }>({ open: false, item: null });
  const lower = noun.toLowerCase();

  function onToggle(item: T) {
    const on = !isOn(item);
    toggle.mutate(
      { id: item.id, on },
      { onSuccess: () => toastSuccess(on ? `${noun} enabled successfully` : `${noun} disabled successfully`) },
    );
  }

  function onDelete(item: T) {
    if (!window.confirm(`Are you sure you want to delete the ${lower} "${item.name}"?`)) return;
    remove.mutate(item.id, { onSuccess: () => toastSuccess(`${noun} deleted successfully`) });
  }

  const items = list.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">{intro}</p>
        <Button onClick={() => setEditing({ open: true, item: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add {noun}
        </Button>
      </div>
      {list.isPending ? (
        <CatalogSkeleton label={`Loading ${plural}`} />
      ) : items.length === 0 ? (
        <EmptyState icon={emptyIcon} title={`No ${plural} found`} />
      ) : (
        <CategoryGroups
          items={items}
          renderItem={(item) => (
            <Card
              key={item.id}
              role="article"
              aria-label={item.name}
              className={cn(media && 'overflow-hidden', !isOn(item) && 'border-dashed bg-muted/50')}
            >
              {media?.(item)}
              <CardContent className={cn('space-y-3', media ? 'pt-4' : 'pt-6')}>
                {body(item)}
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setEditing({ open: true, item })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onToggle(item)} disabled={toggle.isPending}>
                    {isOn(item) ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() => onDelete(item)}
                    disabled={remove.isPending}
                    aria-label={`Delete ${lower} ${item.name}`}
                  >
                    <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}
        />
      )}
      {dialog({
        open: editing.open,
        item: editing.item,
        onOpenChange: (open) => setEditing((state) => ({ ...state, open })),
      })}
    </div>
  );
}
