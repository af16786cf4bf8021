import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function IntegrationGuide() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Integration Guide</CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            In the platform&apos;s extranet, open the room&apos;s calendar sync (Booking.com: Rates &amp; Availability →
            Sync calendars; Airbnb: Availability → Connect calendars) and copy its export link.
          </li>
          <li>Paste it under Room calendars as the room&apos;s Import calendar URL and save.</li>
          <li>
            Copy the room&apos;s Export calendar URL from here into the platform, so it closes the dates booked on this
            site and on the other channels.
          </li>
          <li>
            Enter the platform&apos;s API key and press Sync Rooms. Calendars are then synced every 10 minutes; a stay
            that collides with a booking is shown in red under Conflicts and raises a security alert.
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
