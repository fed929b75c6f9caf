import { X } from 'lucide-react';
import { useId, useMemo, useState, type Ref } from 'react';
import { FieldMessage } from '#web/components/ui/field.tsx';
import { SearchInput } from '#web/components/ui/search-input.tsx';
import { countryOptions, searchCountries } from '../lib/countries.ts';

/**
 * A searchable list of countries to tick, with the chosen ones as chips above it (each a button
 * that removes it). None chosen means anywhere. Plain checkboxes rather than a popup combobox:
 * every phone and screen reader knows them, and the list scrolls in place.
 */
export function CountryPicker({
  label,
  value,
  onChange,
  error,
  hint,
  searchRef,
}: {
  label: string;
  value: string[];
  onChange: (codes: string[]) => void;
  error?: string;
  hint?: string;
  /** The search box: where the form puts the focus when the list holds an error. */
  searchRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  const [query, setQuery] = useState('');
  const options = useMemo(() => countryOptions(), []);
  const shown = searchCountries(options, query);
  const chosen = new Set(value);
  const toggle = (code: string) =>
    onChange(chosen.has(code) ? value.filter((item) => item !== code) : [...value, code]);
  return (
    <fieldset
      className="grid min-w-0 gap-2"
      aria-describedby={error || hint ? messageId : undefined}
    >
      <legend className="mb-2 text-sm font-medium text-foreground">{label}</legend>
      <div aria-live="polite" className="flex flex-wrap gap-2">
        {value.length === 0 ? (
          <p className="text-sm text-muted-foreground">Anywhere</p>
        ) : (
          options
            .filter((option) => chosen.has(option.code))
            .map((option) => (
              <button
                key={option.code}
                type="button"
                aria-label={`Remove ${option.name}`}
                onClick={() => toggle(option.code)}
                className="inline-flex h-11 cursor-pointer items-center gap-1 rounded-full bg-primary-soft pl-3 pr-2 text-sm font-medium text-primary hover:bg-violet-200 sm:h-8"
              >
                {option.name}
                <X aria-hidden className="size-4" />
              </button>
            ))
        )}
      </div>
      <SearchInput
        ref={searchRef}
        label="Search countries"
        placeholder="Search countries"
        value={query}
        aria-invalid={error ? true : undefined}
        onChange={(event) => setQuery(event.target.value)}
        // Enter in the search box picks nothing; it must not send the whole form either.
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      <div
        role="group"
        aria-label="Countries"
        className="grid max-h-64 overflow-y-auto rounded-lg border border-input bg-card p-1"
      >
        {shown.map((option) => (
          <label
            key={option.code}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md px-2 text-sm hover:bg-muted sm:min-h-9"
          >
            <input
              type="checkbox"
              checked={chosen.has(option.code)}
              onChange={() => toggle(option.code)}
              className="size-4 shrink-0 accent-primary"
            />
            {option.name}
          </label>
        ))}
        {shown.length === 0 ? (
          <p className="px-2 py-3 text-sm text-muted-foreground">No country matches “{query}”.</p>
        ) : null}
      </div>
      <FieldMessage id={messageId} error={error} hint={hint} />
    </fieldset>
  );
}
