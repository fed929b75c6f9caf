import { Search } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Input } from './input.tsx';

/** A search box with its magnifier; the label is for screen readers, the placeholder for eyes. */
export function SearchInput({
  label,
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & { label: string }) {
  return (
    <div className="relative">
      <Search
        aria-hidden
        className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" aria-label={label} className="pl-9" {...props} />
    </div>
  );
}
