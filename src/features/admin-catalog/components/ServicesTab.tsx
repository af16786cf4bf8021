import { useLingui } from '@lingui/react/macro';
import { Clock, ConciergeBell } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { formatEuro } from '@/lib/utils';
import { serviceQueries, useDeleteService, useToggleService } from '../api/services';
import { formatDurationShort } from '../logic/duration';
import { CatalogTab } from './CatalogTab';
import { ServiceDialog } from './ServiceDialog';

export function ServicesTab() {
  const { t } = useLingui();
  return (
    <CatalogTab
      noun="Service"
      intro={t`Extra services guests can book during their stay.`}
      emptyIcon={ConciergeBell}
      list={useQuery(serviceQueries.adminList())}
      isOn={(service) => service.available}
      toggle={useToggleService()}
      remove={useDeleteService()}
      media={(service) =>
        service.image_url && <img src={service.image_url} alt="" className="h-36 w-full object-cover" loading="lazy" />
      }
      body={(service) => (
        <>
          <div className="flex items-start justify-between gap-2">
            <h4 className="font-semibold">{service.name}</h4>
            <Badge variant={service.available ? 'secondary' : 'outline'}>
              {service.available ? t`Available` : t`Unavailable`}
            </Badge>
          </div>
          {service.description && <p className="line-clamp-3 text-sm text-muted-foreground">{service.description}</p>}
          <div className="flex items-center gap-4 text-sm">
            <span className="font-semibold">{Number(service.price) === 0 ? t`Free` : formatEuro(service.price)}</span>
            <span className="flex items-center gap-1 text-muted-foreground">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {formatDurationShort(service.duration_minutes)}
            </span>
          </div>
        </>
      )}
      dialog={({ item, ...props }) => <ServiceDialog service={item} {...props} />}
    />
  );
}
