import type { Ref } from 'react';
import { brandMessages, brandTextColor } from '#shared/contracts/brand.ts';
import { Field } from '#web/components/ui/field.tsx';
import { Input } from '#web/components/ui/input.tsx';

/** The platform's own accent (src/web/styles.css), what the picker starts at with no colour. */
const PLATFORM_COLOR = '#6d28d9';
const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/**
 * A brand colour: the system's colour picker and the hex typed or pasted, with a swatch in the
 * colour and its text colour, and the contract's message as soon as a colour fails contrast
 * (before the form is sent). Empty: the platform's own look.
 */
export function BrandColorField({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const color = value.trim().toLowerCase();
  const isColor = HEX_COLOR.test(color);
  const text = isColor ? brandTextColor(color) : null;
  const contrastError = isColor && !text ? brandMessages.colorContrast : undefined;
  return (
    <Field label={label} error={error ?? contrastError} hint={hint}>
      {(control) => (
        <div className="flex flex-wrap items-center gap-3">
          <input
            type="color"
            aria-label={`${label}: picker`}
            value={isColor ? color : PLATFORM_COLOR}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-input bg-card p-1"
          />
          {/* The input fills its box (w-full): the box sets its width. */}
          <div className="w-32">
            <Input
              {...control}
              ref={inputRef}
              value={value}
              onChange={(event) => onChange(event.target.value)}
              onBlur={onBlur}
              placeholder="#0f766e"
              maxLength={7}
              spellCheck={false}
              autoCapitalize="off"
              className="font-mono"
            />
          </div>
          {/* What a button in this colour looks like, with the text colour the pages use on it. */}
          <span
            aria-hidden
            className="inline-flex h-11 items-center rounded-lg border border-border px-4 text-sm font-semibold"
            style={{
              backgroundColor: isColor ? color : PLATFORM_COLOR,
              color: text ?? '#ffffff',
            }}
          >
            {text || !isColor ? 'Enter Contest' : 'Hard to read'}
          </span>
        </div>
      )}
    </Field>
  );
}
