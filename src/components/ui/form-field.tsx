import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import { FieldError, Label } from './label';

/** Label, control and validation message. The control should set `aria-describedby={errorId(id)}`. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <FieldError id={errorId(id)} message={error} />
    </div>
  );
}

export function errorId(id: string) {
  return `${id}-error`;
}

/** Props that tie a control to its FormField message. */
export function fieldA11y(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? errorId(id) : undefined } as const;
}
