import type { ComponentProps } from 'react';
import { SLUG_MAX_LENGTH } from '#shared/contracts/contest-slugs.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/**
 * The contest's short link (docs/product.md#short-links), typed after the address it completes,
 * so the owner sees the link they will share.
 */
export function ShortLinkField({
  label,
  error,
  ...inputProps
}: ComponentProps<'input'> & { label: string; error?: string }) {
  const prefix = `${window.location.origin}/c/`;
  return (
    <Field
      label={label}
      error={error}
      hint="Lower-case letters, digits and hyphens, e.g. summer-glow. A link you change keeps working."
    >
      {(control) => (
        <div className="flex items-stretch">
          <span
            aria-hidden
            className="flex max-w-[55%] items-center truncate rounded-l-lg border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground"
          >
            {prefix}
          </span>
          <Input
            {...control}
            {...inputProps}
            className="rounded-l-none"
            placeholder="summer-glow"
            maxLength={SLUG_MAX_LENGTH}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
          />
        </div>
      )}
    </Field>
  );
}
