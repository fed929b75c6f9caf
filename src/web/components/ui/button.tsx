import { cloneElement, isValidElement, type ComponentProps } from 'react';
import { cn } from '#web/lib/cn.ts';

const base =
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0 cursor-pointer';

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover shadow-sm',
  secondary: 'bg-primary-soft text-primary hover:bg-violet-200',
  outline: 'border border-input bg-card text-foreground hover:bg-muted',
  /** An outlined button for removing or excluding something: red text, no red fill. */
  'outline-destructive': 'border border-input bg-card text-destructive hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
  destructive: 'bg-destructive text-white hover:bg-red-700 shadow-sm',
};

/** On phones every size is at least 44x44 px, a finger's tap (docs/product.md#phones-and-keyboards). */
const sizes = {
  sm: 'h-11 min-w-11 px-3 text-sm sm:h-9 sm:min-w-0',
  md: 'h-11 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'size-11 text-sm sm:size-10',
};

type ButtonProps = ComponentProps<'button'> & {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Renders the only child element (e.g. a link) with the button's look instead of a button. */
  asChild?: boolean;
};

export function Button({
  className,
  variant = 'primary',
  size = 'md',
  asChild = false,
  children,
  ...props
}: ButtonProps) {
  const classes = cn(base, variants[variant], sizes[size], className);
  if (asChild && isValidElement<{ className?: string }>(children)) {
    // The child's own props win, as they would with a slot; the classes add up.
    return cloneElement(children, {
      ...props,
      ...children.props,
      className: cn(classes, children.props.className),
    });
  }
  return (
    <button className={classes} {...props}>
      {children}
    </button>
  );
}
