import { Children, cloneElement, isValidElement, type ComponentProps } from 'react';
import { cn } from '@/lib/utils';

const base = [
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors',
  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
  'disabled:pointer-events-none disabled:opacity-50',
];
const variants = {
  default: 'bg-primary text-primary-foreground hover:bg-primary/90',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
  outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
  ghost: 'hover:bg-accent hover:text-accent-foreground',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
  link: 'text-primary underline-offset-4 hover:underline',
} as const;
const sizes = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 rounded-md px-3',
  lg: 'h-11 rounded-md px-8',
  icon: 'h-10 w-10',
} as const;

export type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the one child (a router `Link`, an `<a>`) with the button's look instead of a `<button>`. */
  asChild?: boolean;
};

/**
 * shadcn/ui's button: `variant` and `size`; `asChild` lends its look to a link. A plain button is
 * `type="button"`. `asChild` clones the child, whose own props win, instead of Radix's `Slot`
 * (with class-variance-authority, +1.4 KB gzip on the home page's first load, over its budget).
 */
export function Button({ className, variant, size, asChild = false, type, children, ...props }: ButtonProps) {
  const classes = cn(base, variants[variant ?? 'default'], sizes[size ?? 'default'], className);
  if (asChild) {
    const child = Children.only(children);
    if (!isValidElement<{ className?: string }>(child)) throw new Error('Button asChild needs one element.');
    return cloneElement(child, { ...props, ...child.props, className: cn(classes, child.props.className) });
  }
  return (
    <button type={type ?? 'button'} className={classes} {...props}>
      {children}
    </button>
  );
}
