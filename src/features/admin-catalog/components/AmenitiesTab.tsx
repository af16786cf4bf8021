import { Trans, useLingui } from '@lingui/react/macro';
import { Sparkles } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { AmenityIcon } from '@/lib/amenity-icon';
import { amenityQueries, useDeleteAmenity, useToggleAmenity } from '../api/amenities';
import { AmenityDialog } from './AmenityDialog';
import { CatalogTab } from './CatalogTab';

export function AmenitiesTab() {
  const { t } = useLingui();
  return (
    <CatalogTab
      noun="Amenity"
      intro={t`Amenities shown on the website.`}
      emptyIcon={Sparkles}
      list={useQuery(amenityQueries.adminList())}
      isOn={(amenity) => amenity.is_active}
      toggle={useToggleAmenity()}
      remove={useDeleteAmenity()}
      body={(amenity) => (
        <>
          <div className="flex items-start gap-3">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-md bg-secondary text-primary">
              <AmenityIcon name={amenity.icon_name} className="h-5 w-5" />
            </span>
            <div className="min-w-0 flex-1">
              <h4 className="font-semibold">{amenity.name}</h4>
              {amenity.description && <p className="text-sm text-muted-foreground">{amenity.description}</p>}
            </div>
            <Badge variant={amenity.is_active ? 'secondary' : 'outline'}>
              {amenity.is_active ? t`Active` : t`Inactive`}
            </Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            <Trans>Display order: {amenity.display_order}</Trans>
          </p>
        </>
      )}
      dialog={({ item, ...props }) => <AmenityDialog amenity={item} {...props} />}
    />
  );
}
