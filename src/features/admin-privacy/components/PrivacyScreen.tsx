import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { DataTable } from '@/components/ui/table';
import { portalDateTime } from '@/lib/i18n/portal-format';
import { privacyQueries } from '../api/privacy';
import { GuestDataRequest } from './GuestDataRequest';
import { PrivacySettingsForm } from './PrivacySettingsForm';

const KIND = { export: msg`Export`, erasure: msg`Erasure`, retention: msg`Scheduled retention` } as const;

/** Privacy & compliance (admins): the CIN, the retention periods, a guest's requests and their log. */
export function PrivacyScreen() {
  const { t } = useLingui();
  const settings = useQuery(privacyQueries.settings());
  const requests = useQuery(privacyQueries.requests());
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-3xl font-bold">
          <Trans>Privacy &amp; compliance</Trans>
        </h1>
        <p className="text-muted-foreground">
          {t`The CIN, how long guests' data are kept (the public privacy notice states these periods), and guests' requests`}
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Settings</Trans>
          </CardTitle>
          <CardDescription>
            <Trans>The scheduler applies the periods every hour.</Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.data ? <PrivacySettingsForm current={settings.data} /> : <Skeleton className="h-40 w-full" />}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{t`A guest's request`}</CardTitle>
          <CardDescription>
            <Trans>
              Export everything kept about a guest, or erase it at once: name, e-mail, phone and requests are anonymised
              in every stay, messages deleted; amounts, dates and country stay. Not possible while a stay is ahead.
            </Trans>
          </CardDescription>
        </CardHeader>
        <CardContent>
          <GuestDataRequest />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <Trans>Log</Trans>
          </CardTitle>
        </CardHeader>
        <CardContent>
          {(requests.data ?? []).length === 0 ? (
            <p className="text-muted-foreground">
              <Trans>No request yet.</Trans>
            </p>
          ) : (
            <div className="overflow-x-auto">
              <DataTable columns={[t`When`, t`What`, t`Stays`, t`Messages`]}>
                {(requests.data ?? []).map((row) => (
                  <tr key={row.id} className="border-t">
                    <td className="py-2 pr-3">
                      {portalDateTime(row.created_at, { dateStyle: 'short', timeStyle: 'medium' })}
                    </td>
                    <td className="py-2 pr-3">
                      {row.kind in KIND ? t(KIND[row.kind as keyof typeof KIND]) : row.kind}
                    </td>
                    <td className="py-2 pr-3">
                      {row.bookings}
                      {row.booking_references.length > 0 && ` (${row.booking_references.slice(0, 5).join(', ')})`}
                    </td>
                    <td className="py-2">{row.contact_messages}</td>
                  </tr>
                ))}
              </DataTable>
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
