import { Pencil, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { AmenityIcon } from '@/lib/amenity-icon';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/utils';
import { amenityQueries, useDeleteAmenity, useToggleAmenity } from '../api/amenities';
import type { Amenity } from '../types';
import { AmenityDialog } from './AmenityDialog';
import { CatalogSkeleton, CategoryGroups } from './CategoryGroups';

export function AmenitiesTab() {
  const amenities = useQuery(amenityQueries.adminList());
  const toggle = useToggleAmenity();
  const remove = useDeleteAmenity();
  const [dialog, setDialog] = useState<{ open: boolean; amenity: Amenity | null }>({ open: false, amenity: null });

  function onToggle(amenity: Amenity) {
    const is_active = !amenity.is_active;
    toggle.mutate(
      { id: amenity.id, is_active },
      {
        onSuccess: () => toastSuccess(is_active ? 'Amenity enabled successfully' : 'Amenity disabled successfully'),
      },
    );
  }

  function onDelete(amenity: Amenity) {
    if (!window.confirm(`Are you sure you want to delete the amenity "${amenity.name}"?`)) return;
    remove.mutate(amenity.id, {
      onSuccess: () => toastSuccess('Amenity deleted successfully'),
    });
  }

  const list = amenities.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">Amenities shown on the website.</p>
        <Button onClick={() => setDialog({ open: true, amenity: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Amenity
        </Button>
      </div>
      {amenities.isPending ? (
        <CatalogSkeleton label="Loading amenities" />
      ) : list.length === 0 ? (
        <EmptyState icon={Sparkles} title="No amenities found" />
      ) : (
        <CategoryGroups
          items={list}
          renderItem={(amenity) => (
            <Card
              key={amenity.id}
              role="article"
              aria-label={amenity.name}
              className={cn(!amenity.is_active && 'border-dashed bg-muted/50')}
            >
              <CardContent className="space-y-3 pt-6">
                <div className="flex items-start gap-3">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
                    <AmenityIcon name={amenity.icon_name} className="h-5 w-5" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <h4 className="font-semibold">{amenity.name}</h4>
                    {amenity.description && <p className="text-sm text-muted-foreground">{amenity.description}</p>}
                  </div>
                  <Badge variant={amenity.is_active ? 'secondary' : 'outline'}>
                    {amenity.is_active ? 'Active' : 'Inactive'}
                  </Badge>
                </div>
                <p className="text-xs text-muted-foreground">Display order: {amenity.display_order}</p>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setDialog({ open: true, amenity })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onToggle(amenity)} disabled={toggle.isPending}>
                    {amenity.is_active ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() => onDelete(amenity)}
                    disabled={remove.isPending}
                    aria-label={`Delete amenity ${amenity.name}`}
                  >
                    <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}
        />
      )}
      <AmenityDialog
        open={dialog.open}
        amenity={dialog.amenity}
        onOpenChange={(open) => setDialog((state) => ({ ...state, open }))}
      />
    </div>
  );
}
