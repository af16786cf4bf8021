import { Clock, ConciergeBell, Pencil, Plus, Trash2 } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Card, CardContent } from '@/components/ui/card';
import { cn, formatEuro } from '@/lib/utils';
import { serviceQueries, useDeleteService, useToggleService } from '../api/services';
import { formatDurationShort } from '../logic/duration';
import type { Service } from '../types';
import { CatalogSkeleton, CategoryGroups } from './CategoryGroups';
import { ServiceDialog } from './ServiceDialog';

export function ServicesTab() {
  const services = useQuery(serviceQueries.adminList());
  const toggle = useToggleService();
  const remove = useDeleteService();
  const [dialog, setDialog] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });

  function onToggle(service: Service) {
    const available = !service.available;
    toggle.mutate(
      { id: service.id, available },
      {
        onSuccess: () => toastSuccess(available ? 'Service enabled successfully' : 'Service disabled successfully'),
      },
    );
  }

  function onDelete(service: Service) {
    if (!window.confirm(`Are you sure you want to delete the service "${service.name}"?`)) return;
    remove.mutate(service.id, {
      onSuccess: () => toastSuccess('Service deleted successfully'),
    });
  }

  const list = services.data ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <p className="text-muted-foreground">Extra services guests can book during their stay.</p>
        <Button onClick={() => setDialog({ open: true, service: null })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Service
        </Button>
      </div>
      {services.isPending ? (
        <CatalogSkeleton label="Loading services" />
      ) : list.length === 0 ? (
        <EmptyState icon={ConciergeBell} title="No services found" />
      ) : (
        <CategoryGroups
          items={list}
          renderItem={(service) => (
            <Card
              key={service.id}
              role="article"
              aria-label={service.name}
              className={cn('overflow-hidden', !service.available && 'border-dashed bg-muted/50')}
            >
              {service.image_url && (
                <img src={service.image_url} alt="" className="h-36 w-full object-cover" loading="lazy" />
              )}
              <CardContent className="space-y-3 pt-4">
                <div className="flex items-start justify-between gap-2">
                  <h4 className="font-semibold">{service.name}</h4>
                  <Badge variant={service.available ? 'secondary' : 'outline'}>
                    {service.available ? 'Available' : 'Unavailable'}
                  </Badge>
                </div>
                {service.description && (
                  <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p>
                )}
                <div className="flex items-center gap-4 text-sm">
                  <span className="font-semibold">
                    {Number(service.price) === 0 ? 'Free' : formatEuro(service.price)}
                  </span>
                  <span className="flex items-center gap-1 text-muted-foreground">
                    <Clock className="h-4 w-4" aria-hidden="true" />
                    {formatDurationShort(service.duration_minutes)}
                  </span>
                </div>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setDialog({ open: true, service })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button variant="secondary" size="sm" onClick={() => onToggle(service)} disabled={toggle.isPending}>
                    {service.available ? 'Disable' : 'Enable'}
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="ml-auto"
                    onClick={() => onDelete(service)}
                    disabled={remove.isPending}
                    aria-label={`Delete service ${service.name}`}
                  >
                    <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </CardContent>
            </Card>
          )}
        />
      )}
      <ServiceDialog
        open={dialog.open}
        service={dialog.service}
        onOpenChange={(open) => setDialog((state) => ({ ...state, open }))}
      />
    </div>
  );
}
