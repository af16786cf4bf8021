import {
  cloneElement,
  createContext,
  forwardRef,
  isValidElement,
  useContext,
  useId,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { cn } from '@/lib/utils';
import { Input, Textarea } from './input';
import { FieldError, Label } from './label';

interface FieldState {
  id: string;
  errorId: string;
  error?: string;
}

const FieldContext = createContext<FieldState | null>(null);

/**
 * Label, control and validation message, as shadcn's form context: the field owns one id and
 * derives the rest from it (the label's `htmlFor`, the message's id, and on the control wrapped in
 * FieldControl its `id`, `aria-invalid` and `aria-describedby`). Without `id` it makes one.
 */
interface FieldProps {
  id?: string;
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

export function Field({ id: givenId, label, error, hint, className, children }: FieldProps & { children: ReactNode }) {
  const generatedId = useId();
  const id = givenId ?? generatedId;
  const errorId = fieldErrorId(id);
  return (
    <FieldContext.Provider value={{ id, errorId, error }}>
      <div className={cn('space-y-1.5', className)}>
        <Label htmlFor={id}>{label}</Label>
        {children}
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
        <FieldError id={errorId} message={error} />
      </div>
    </FieldContext.Provider>
  );
}

/** The field's control (one element): receives the field's id and its error's aria wiring. */
export function FieldControl({ children }: { children: ReactElement<Record<string, unknown>> }) {
  const field = useContext(FieldContext);
  if (!field) throw new Error('FieldControl is used outside a Field.');
  if (!isValidElement(children)) return children;
  // only what the field knows: a control's own description stays, followed by the error's
  const own = children.props['aria-describedby'];
  const describedBy = [typeof own === 'string' ? own : null, field.errorId].filter(Boolean).join(' ');
  return cloneElement(children, {
    id: field.id,
    ...(field.error ? { 'aria-invalid': true, 'aria-describedby': describedBy } : {}),
  });
}

/**
 * A Field of one text input: the field's props, then the input's (`inputClassName` is the
 * input's class; `className` the field's).
 */
export const InputField = forwardRef<
  HTMLInputElement,
  FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { inputClassName?: string }
>(function InputField({ id, label, error, hint, className, inputClassName, ...input }, ref) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <FieldControl>
        <Input ref={ref} className={inputClassName} {...input} />
      </FieldControl>
    </Field>
  );
});

/** A Field of one textarea, as InputField. */
export const TextareaField = forwardRef<
  HTMLTextAreaElement,
  FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & { inputClassName?: string }
>(function TextareaField({ id, label, error, hint, className, inputClassName, ...textarea }, ref) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      <FieldControl>
        <Textarea ref={ref} className={inputClassName} {...textarea} />
      </FieldControl>
    </Field>
  );
});

function fieldErrorId(id: string) {
  return `${id}-error`;
}
