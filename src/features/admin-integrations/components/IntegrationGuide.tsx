import { Trans } from '@lingui/react/macro';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

export function IntegrationGuide() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <Trans>Integration Guide</Trans>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>
            <Trans>
              In the platform&apos;s extranet, open the room&apos;s calendar sync (Booking.com: Rates &amp; Availability
              → Sync calendars; Airbnb: Availability → Connect calendars) and copy its export link.
            </Trans>
          </li>
          <li>
            <Trans>
              Paste it under Room calendars as the room&apos;s Import calendar URL, save, and press Sync now: the
              calendar is imported at once.
            </Trans>
          </li>
          <li>
            <Trans>
              Copy the room&apos;s Export calendar URL from here into the platform, so it closes the dates booked on
              this site and on the other channels.
            </Trans>
          </li>
          <li>
            <Trans>
              Calendars are then synced every 10 minutes. The API key and Sync Rooms belong to the platforms&apos; own
              APIs; a calendar needs neither. A stay that collides with a booking is shown in red under Conflicts and as
              an alert on the Dashboard, and the host gets one e-mail about it.
            </Trans>
          </li>
        </ol>
      </CardContent>
    </Card>
  );
}
