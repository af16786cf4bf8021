import { useMemo, useState } from 'react';
import { useBookableServices } from './api/services';
import { extrasRequest, type ExtrasChoice, type RatePlan } from './logic/extras';

/**
 * What both booking forms add to a stay beyond room and dates: the extras (a quantity of each
 * bookable service, kept within what the server accepts for the guest count) and the rate. The
 * forms pass `request` to the quote and the request; the server prices both.
 */
export function useStayExtras(guests: number) {
  const services = useBookableServices();
  const [choice, setChoice] = useState<ExtrasChoice>({});
  const [ratePlan, setRatePlan] = useState<RatePlan>('flexible');
  const list = useMemo(() => services.data ?? [], [services.data]);
  const extras = useMemo(() => extrasRequest(choice, list, guests), [choice, list, guests]);
  const quantities = useMemo(() => new Map(extras.map((extra) => [extra.service_id, extra.quantity])), [extras]);
  return {
    services: list,
    guests,
    quantities,
    setQuantity: (serviceId: string, quantity: number) => setChoice((now) => ({ ...now, [serviceId]: quantity })),
    ratePlan,
    setRatePlan,
    request: { extras, ratePlan },
    reset: () => {
      setChoice({});
      setRatePlan('flexible');
    },
  };
}

export type StayExtras = ReturnType<typeof useStayExtras>;
