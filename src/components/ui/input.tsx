import { forwardRef, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/utils';

const fieldClasses =
  'flex w-full rounded-md border border-input bg-background px-3 py-2 text-sm placeholder:text-muted-foreground ' +
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-[invalid=true]:border-destructive';

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className, ...props },
  ref,
) {
  return <input ref={ref} className={cn(fieldClasses, 'h-10', className)} {...props} />;
});

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className, ...props },
  ref,
) {
  return <textarea ref={ref} className={cn(fieldClasses, 'min-h-[80px]', className)} {...props} />;
});

export interface SelectOption {
  value: string | number;
  label: ReactNode;
}

/** A select's options from a list of values and how each is named (the value itself unless given). */
export function selectOptions<T extends string | number>(
  values: readonly T[],
  label: (value: T) => ReactNode = String,
): SelectOption[] {
  return values.map((value) => ({ value, label: label(value) }));
}

/** A native select; `options` follow its `children` (e.g. an "All" or "Choose…" option first). */
export const NativeSelect = forwardRef<
  HTMLSelectElement,
  InputHTMLAttributes<HTMLSelectElement> & { children?: ReactNode; options?: readonly SelectOption[] }
>(function NativeSelect({ className, children, options, ...props }, ref) {
  return (
    <select ref={ref} className={cn(fieldClasses, 'h-10', className)} {...(props as object)}>
      {children}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
});
