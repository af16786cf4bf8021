import { zodResolver } from '@hookform/resolvers/zod';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Pencil, Plus, Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toastError, toastSuccess } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InputField, TextareaField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { formatAdminDate as formatDate } from '@/lib/format-date';
import { errorMessage, isUniqueViolation } from '@/lib/postgrest-error';
import { cn } from '@/lib/utils';
import { useDeletePromoCode, useSavePromoCode, useTogglePromoCode } from '../api/promo-codes';
import { roomQueries } from '../api/queries';
import { promoFormDefaults, promoFormSchema, type PromoFormInput, type PromoFormOutput } from '../logic/schemas';
import type { PromoCode, Room } from '../types';

type Editing = { mode: 'closed' } | { mode: 'new' } | { mode: 'edit'; code: PromoCode };

export function PromoCodesDialog({ room, onOpenChange }: { room: Room | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useLingui();
  const name = room?.name;
  const number = room?.room_number;
  return (
    <Dialog open={room !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>
            <Trans>Promo Codes</Trans>
          </DialogTitle>
          <DialogDescription>{room ? t`${name} · Room ${number}` : ''}</DialogDescription>
        </DialogHeader>
        {room && <PromoCodesPanel room={room} />}
      </DialogContent>
    </Dialog>
  );
}

function PromoCodesPanel({ room }: { room: Room }) {
  const { t } = useLingui();
  const codes = useQuery(roomQueries.promoCodes(room.id));
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const toggle = useTogglePromoCode();
  const remove = useDeletePromoCode();

  function onToggle(code: PromoCode) {
    toggle.mutate(
      { id: code.id, on: !code.is_active },
      {
        onSuccess: () =>
          toastSuccess(code.is_active ? t`Promo code deactivated successfully` : t`Promo code activated successfully`),
      },
    );
  }

  function onDelete(code: PromoCode) {
    const promoCode = code.promo_code;
    if (
      !window.confirm(t`Are you sure you want to delete the promo code "${promoCode}"? This action cannot be undone.`)
    )
      return;
    remove.mutate(code.id, {
      onSuccess: () => toastSuccess(t`Promo code deleted successfully`),
    });
  }

  return (
    <div className="space-y-4">
      {editing.mode === 'closed' ? (
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          <Trans>Add Promo Code</Trans>
        </Button>
      ) : (
        <PromoCodeForm
          key={editing.mode === 'edit' ? editing.code.id : 'new'}
          roomId={room.id}
          code={editing.mode === 'edit' ? editing.code : null}
          onDone={() => setEditing({ mode: 'closed' })}
        />
      )}

      {codes.isPending ? (
        <div className="space-y-2">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : (codes.data ?? []).length === 0 ? (
        <div className="rounded-md border border-dashed p-8 text-center text-muted-foreground">
          <Tag className="mx-auto mb-2 h-8 w-8" aria-hidden="true" />
          <p>
            <Trans>No promo codes found</Trans>
          </p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label={t`Promo codes`}>
          {codes.data!.map((code) => {
            const discount = code.discount_percentage;
            const validity = validityText(code);
            const uses = code.current_uses;
            const maxUses = code.max_uses;
            const promoCode = code.promo_code;
            return (
              <li key={code.id}>
                <Card className={cn('space-y-3 p-4', !code.is_active && 'opacity-60')} aria-label={code.promo_code}>
                  {/* the code's details take the full width; its actions sit underneath */}
                  <div className="min-w-0 space-y-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <span className="break-all font-mono text-base font-semibold">{code.promo_code}</span>
                      <Badge>
                        <Trans>{discount}% off</Trans>
                      </Badge>
                      {code.is_active ? (
                        <Badge variant="secondary">
                          <Trans>Active</Trans>
                        </Badge>
                      ) : (
                        <Badge variant="outline">
                          <Trans>Inactive</Trans>
                        </Badge>
                      )}
                    </div>
                    {code.description && <p className="text-sm text-muted-foreground">{code.description}</p>}
                    <p className="text-xs text-muted-foreground">
                      {maxUses != null ? (
                        <Trans>
                          {validity} · Uses: {uses} / {maxUses}
                        </Trans>
                      ) : (
                        <Trans>
                          {validity} · Uses: {uses} (unlimited)
                        </Trans>
                      )}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2 border-t pt-3">
                    <Button variant="outline" size="sm" onClick={() => onToggle(code)} disabled={toggle.isPending}>
                      {code.is_active ? <Trans>Deactivate</Trans> : <Trans>Activate</Trans>}
                    </Button>
                    <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', code })}>
                      <Pencil className="h-4 w-4" aria-hidden="true" />
                      <Trans>Edit</Trans>
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      className="ml-auto"
                      onClick={() => onDelete(code)}
                      disabled={remove.isPending}
                      aria-label={t`Delete promo code ${promoCode}`}
                    >
                      <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                    </Button>
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

function validityText(code: PromoCode): string {
  const from = code.valid_from ? formatDate(code.valid_from) : '';
  const until = code.valid_until ? formatDate(code.valid_until) : '';
  if (from && until) return t`Valid ${from} – ${until}`;
  if (from) return t`Valid from ${from}`;
  if (until) return t`Valid until ${until}`;
  return t`No expiry`;
}

function PromoCodeForm({ roomId, code, onDone }: { roomId: string; code: PromoCode | null; onDone: () => void }) {
  const { t } = useLingui();
  const save = useSavePromoCode();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<PromoFormInput, unknown, PromoFormOutput>({
    resolver: zodResolver(promoFormSchema),
    defaultValues: promoFormDefaults(code),
  });

  const onSubmit = handleSubmit((values) => {
    const promoCode = values.promo_code;
    save.mutate(
      { id: code?.id, values: { ...values, room_id: roomId } },
      {
        onSuccess: () => {
          toastSuccess(code ? t`Promo code updated successfully` : t`Promo code created successfully`);
          onDone();
        },
        onError: (error) =>
          toastError(
            isUniqueViolation(error)
              ? t`The promo code ${promoCode} already exists for this room`
              : (errorMessage(error) ?? t`Failed to save promo code`),
            error,
          ),
      },
    );
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-3 rounded-md border bg-muted/40 p-4"
      aria-label={t`Promo code form`}
    >
      <h3 className="font-sans text-base font-semibold">
        {code ? <Trans>Edit Promo Code</Trans> : <Trans>New Promo Code</Trans>}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="promo-code"
          label={t`Promo Code`}
          error={errors.promo_code?.message}
          {...register('promo_code')}
          inputClassName="font-mono uppercase"
          placeholder={t`SUMMER25`}
          autoComplete="off"
        />
        <InputField
          id="promo-discount"
          label={t`Discount (%)`}
          error={errors.discount_percentage?.message}
          type="number"
          min={1}
          max={100}
          {...register('discount_percentage')}
        />
        <InputField
          id="promo-valid-from"
          label={t`Valid From`}
          error={errors.valid_from?.message}
          type="date"
          {...register('valid_from')}
        />
        <InputField
          id="promo-valid-until"
          label={t`Valid Until`}
          error={errors.valid_until?.message}
          type="date"
          {...register('valid_until')}
        />
        <InputField
          id="promo-max-uses"
          label={t`Max Uses`}
          error={errors.max_uses?.message}
          hint={t`Leave empty for unlimited uses`}
          type="number"
          min={1}
          placeholder={t`Unlimited`}
          {...register('max_uses')}
        />
        <div className="flex items-center gap-3 pt-6">
          <Controller
            control={control}
            name="is_active"
            render={({ field }) => <Switch id="promo-active" checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Label htmlFor="promo-active">
            <Trans>Active</Trans>
          </Label>
        </div>
      </div>
      <TextareaField id="promo-description" label={t`Description`} rows={2} {...register('description')} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? (
            <Trans>Saving...</Trans>
          ) : code ? (
            <Trans>Update Promo Code</Trans>
          ) : (
            <Trans>Create Promo Code</Trans>
          )}
        </Button>
      </div>
    </form>
  );
}
