import { Trans } from '@lingui/react/macro';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AmenitiesTab } from '@/features/admin-catalog/components/AmenitiesTab';
import { ServicesTab } from '@/features/admin-catalog/components/ServicesTab';

export default function CatalogPage() {
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Amenities & Services</Trans>
        </h1>
        <p className="text-muted-foreground">
          <Trans>Manage hotel amenities and the services guests can book</Trans>
        </p>
      </div>
      <Tabs defaultValue="amenities">
        <TabsList>
          <TabsTrigger value="amenities">
            <Trans>Hotel Amenities</Trans>
          </TabsTrigger>
          <TabsTrigger value="services">
            <Trans>Services</Trans>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="amenities">
          <AmenitiesTab />
        </TabsContent>
        <TabsContent value="services">
          <ServicesTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
