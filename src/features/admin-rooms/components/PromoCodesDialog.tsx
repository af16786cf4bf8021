import { zodResolver } from '@hookform/resolvers/zod';
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
  return (
    <Dialog open={room !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Promo Codes</DialogTitle>
          <DialogDescription>{room ? `${room.name} · Room ${room.room_number}` : ''}</DialogDescription>
        </DialogHeader>
        {room && <PromoCodesPanel room={room} />}
      </DialogContent>
    </Dialog>
  );
}

function PromoCodesPanel({ room }: { room: Room }) {
  const codes = useQuery(roomQueries.promoCodes(room.id));
  const [editing, setEditing] = useState<Editing>({ mode: 'closed' });
  const toggle = useTogglePromoCode();
  const remove = useDeletePromoCode();

  function onToggle(code: PromoCode) {
    toggle.mutate(
      { id: code.id, on: !code.is_active },
      {
        onSuccess: () =>
          toastSuccess(code.is_active ? 'Promo code deactivated successfully' : 'Promo code activated successfully'),
      },
    );
  }

  function onDelete(code: PromoCode) {
    if (
      !window.confirm(
        `Are you sure you want to delete the promo code "${code.promo_code}"? This action cannot be undone.`,
      )
    )
      return;
    remove.mutate(code.id, {
      onSuccess: () => toastSuccess('Promo code deleted successfully'),
    });
  }

  return (
    <div className="space-y-4">
      {editing.mode === 'closed' ? (
        <Button onClick={() => setEditing({ mode: 'new' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add Promo Code
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
          <p>No promo codes found</p>
        </div>
      ) : (
        <ul className="space-y-2" aria-label="Promo codes">
          {codes.data!.map((code) => (
            <li key={code.id}>
              <Card className={cn('space-y-3 p-4', !code.is_active && 'opacity-60')} aria-label={code.promo_code}>
                {/* the code's details take the full width; its actions sit underneath */}
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-mono text-base font-semibold">{code.promo_code}</span>
                    <Badge>{code.discount_percentage}% off</Badge>
                    {code.is_active ? (
                      <Badge variant="secondary">Active</Badge>
                    ) : (
                      <Badge variant="outline">Inactive</Badge>
                    )}
                  </div>
                  {code.description && <p className="text-sm text-muted-foreground">{code.description}</p>}
                  <p className="text-xs text-muted-foreground">
                    {validityText(code)} · Uses: {code.current_uses}
                    {code.max_uses != null ? ` / ${code.max_uses}` : ' (unlimited)'}
                  </p>
                </div>
                <div className="flex flex-wrap gap-2 border-t pt-3">
                  <Button variant="outline" size="sm" onClick={() => onToggle(code)} disabled={toggle.isPending}>
                    {code.is_active ? 'Deactivate' : 'Activate'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => setEditing({ mode: 'edit', code })}>
                    <Pencil className="h-4 w-4" aria-hidden="true" />
                    Edit
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    className="ml-auto"
                    onClick={() => onDelete(code)}
                    disabled={remove.isPending}
                    aria-label={`Delete promo code ${code.promo_code}`}
                  >
                    <Trash2 className="h-4 w-4 text-destructive" aria-hidden="true" />
                  </Button>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function validityText(code: PromoCode): string {
  if (code.valid_from && code.valid_until)
    return `Valid ${formatDate(code.valid_from)} – ${formatDate(code.valid_until)}`;
  if (code.valid_from) return `Valid from ${formatDate(code.valid_from)}`;
  if (code.valid_until) return `Valid until ${formatDate(code.valid_until)}`;
  return 'No expiry';
}

function PromoCodeForm({ roomId, code, onDone }: { roomId: string; code: PromoCode | null; onDone: () => void }) {
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
    save.mutate(
      { id: code?.id, values: { ...values, room_id: roomId } },
      {
        onSuccess: () => {
          toastSuccess(code ? 'Promo code updated successfully' : 'Promo code created successfully');
          onDone();
        },
        onError: (error) =>
          toastError(
            isUniqueViolation(error)
              ? `The promo code ${values.promo_code} already exists for this room`
              : (errorMessage(error) ?? 'Failed to save promo code'),
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
      aria-label="Promo code form"
    >
      <h3 className="font-sans text-base font-semibold">{code ? 'Edit Promo Code' : 'New Promo Code'}</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          id="promo-code"
          label="Promo Code"
          error={errors.promo_code?.message}
          {...register('promo_code')}
          inputClassName="font-mono uppercase"
          placeholder="SUMMER25"
          autoComplete="off"
        />
        <InputField
          id="promo-discount"
          label="Discount (%)"
          error={errors.discount_percentage?.message}
          type="number"
          min={1}
          max={100}
          {...register('discount_percentage')}
        />
        <InputField
          id="promo-valid-from"
          label="Valid From"
          error={errors.valid_from?.message}
          type="date"
          {...register('valid_from')}
        />
        <InputField
          id="promo-valid-until"
          label="Valid Until"
          error={errors.valid_until?.message}
          type="date"
          {...register('valid_until')}
        />
        <InputField
          id="promo-max-uses"
          label="Max Uses"
          error={errors.max_uses?.message}
          hint="Leave empty for unlimited uses"
          type="number"
          min={1}
          placeholder="Unlimited"
          {...register('max_uses')}
        />
        <div className="flex items-center gap-3 pt-6">
          <Controller
            control={control}
            name="is_active"
            render={({ field }) => <Switch id="promo-active" checked={field.value} onCheckedChange={field.onChange} />}
          />
          <Label htmlFor="promo-active">Active</Label>
        </div>
      </div>
      <TextareaField id="promo-description" label="Description" rows={2} {...register('description')} />
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : code ? 'Update Promo Code' : 'Create Promo Code'}
        </Button>
      </div>
    </form>
  );
}
