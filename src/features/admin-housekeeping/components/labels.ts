import { useLingui } from '@lingui/react/macro';
import type { CleaningState, DayKind } from '../logic/housekeeping';

/** The words of cleaning states and of what a day holds for a room, in the portal's language. */
export function useHousekeepingLabels() {
  const { t } = useLingui();
  const state: Record<CleaningState, string> = {
    clean: t`Clean`,
    dirty: t`Dirty`,
    inspected: t`Inspected`,
    out_of_service: t`Out of service`,
  };
  const kind: Record<DayKind, string> = {
    departure: t`Departures`,
    stayover: t`Stay-overs`,
    arrival: t`Arrivals`,
    vacant: t`Other rooms`,
  };
  const action: Record<CleaningState, string> = {
    clean: t`Mark clean`,
    dirty: t`Mark dirty`,
    inspected: t`Mark inspected`,
    out_of_service: t`Out of service`,
  };
  return { state, kind, action };
}

export const STATE_CLASSES: Record<CleaningState, string> = {
  clean: 'border-emerald-300 bg-emerald-50 text-emerald-900',
  inspected: 'border-sky-300 bg-sky-50 text-sky-900',
  dirty: 'border-amber-400 bg-amber-50 text-amber-900',
  out_of_service: 'border-slate-400 bg-slate-100 text-slate-800',
};
