import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toastFailure } from '@/lib/toast';
import { securityQueries } from '../api/security';

/**
 * For an admin in the portal: the destructive "Security Alert" toast for each high or critical
 * event recorded since the portal opened (polled once a minute; renders nothing).
 */
export function HighRiskEventToasts() {
  const [since] = useState(() => new Date().toISOString());
  const shown = useRef(new Set<string>());
  const { data } = useQuery(securityQueries.highRiskSince(since));
  const { t } = useLingui();

  useEffect(() => {
    for (const event of [...(data ?? [])].reverse()) {
      if (shown.current.has(event.id)) continue;
      shown.current.add(event.id);
      toastFailure(t`Security Alert`, event.description);
    }
  }, [data, t]);

  return null;
}
