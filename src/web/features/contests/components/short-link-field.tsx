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
  // The host without its scheme, as people write a link in a bio: it fits beside the field on a
  // phone.
  const prefix = `${window.location.host}/c/`;
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
            className="flex max-w-[55%] shrink-0 items-center rounded-l-lg border border-r-0 border-input bg-muted px-3 text-sm text-muted-foreground"
          >
            <span className="truncate">{prefix}</span>
          </span>
          <Input
            {...control}
            {...inputProps}
            className="min-w-0 flex-1 rounded-l-none"
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
