import { Trans, useLingui } from '@lingui/react/macro';
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
  noun: 'Amenity' | 'Service';
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
  const { t } = useLingui();
  const texts =
    noun === 'Amenity'
      ? {
          add: t`Add Amenity`,
          loading: t`Loading amenities`,
          empty: t`No amenities found`,
          enabled: t`Amenity enabled successfully`,
          disabled: t`Amenity disabled successfully`,
          deleted: t`Amenity deleted successfully`,
          confirmDelete: (name: string) => t`Are you sure you want to delete the amenity "${name}"?`,
          deleteLabel: (name: string) => t`Delete amenity ${name}`,
        }
      : {
          add: t`Add Service`,
          loading: t`Loading services`,
          empty: t`No services found`,
          enabled: t`Service enabled successfully`,
          disabled: t`Service disabled successfully`,
          deleted: t`Service deleted successfully`,
          confirmDelete: (name: string) => t`Are you sure you want to delete the service "${name}"?`,
          deleteLabel: (name: string) => t`Delete service ${name}`,
        };

  function onToggle(item: T) {
    const on = !isOn(item);
    toggle.mutate({ id: item.id, on }, { onSuccess: () => toastSuccess(on ? texts.enabled : texts.disabled) });
  }

  function onDelete(item: T) {
    if (!window.confirm(texts.confirmDelete(item.name))) return;
    remove.mutate(item.id, { onSuccess: () => toastSuccess(texts.deleted) });
  }

  const items = list.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">{intro}</p>
        <Button onClick={() => setEditing({ open: true, item: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {texts.add}
        </Button>
      </div>
      {list.isPending ? (
        <CatalogSkeleton label={texts.loading} />
      ) : items.length === 0 ? (
        <EmptyState icon={emptyIcon} title={texts.empty} />
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
                    <Trans>Edit</Trans>
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onToggle(item)} disabled={toggle.isPending}>
                    {isOn(item) ? t`Disable` : t`Enable`}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() => onDelete(item)}
                    disabled={remove.isPending}
                    aria-label={texts.deleteLabel(item.name)}
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
