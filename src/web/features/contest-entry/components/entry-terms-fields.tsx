import { useId, type ReactNode } from 'react';
import type { ContestTerms, EntryTermField, EntryTerms } from '#shared/contracts/entry-terms.ts';
import { countryName } from '#shared/country-name.ts';
import { FieldMessage } from '#web/components/ui/field.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { cn } from '#web/lib/cn.ts';

type TermErrors = Partial<Record<EntryTermField, string>>;

/**
 * A native checkbox (no script needed: the form posts without JavaScript) sending "true" when
 * ticked, with its message tied to it for screen readers.
 */
function CheckField({
  name,
  defaultChecked,
  error,
  onChange,
  children,
}: {
  name: EntryTermField;
  defaultChecked?: boolean;
  error?: string;
  onChange: () => void;
  children: ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="grid gap-1">
      <div className="flex items-start gap-3">
        <input
          id={id}
          name={name}
          type="checkbox"
          value="true"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? messageId : undefined}
          onChange={onChange}
          className={cn(
            'mt-0.5 size-5 shrink-0 rounded border-input accent-primary',
            error && 'outline outline-2 outline-destructive',
          )}
        />
        <label htmlFor={id} className="text-sm leading-snug text-foreground">
          {children}
        </label>
      </div>
      <FieldMessage id={messageId} error={error} />
    </div>
  );
}

/**
 * What the contest asks beside the name and e-mail (docs/product.md#rules-schedule-and-consent):
 * the country where it is open to some only, the official rules and the minimum age, each
 * required, and the owner's marketing sentence, optional and never ticked in advance.
 */
export function EntryTermsFields({
  asked,
  consentText,
  rulesHref,
  values,
  errors,
  onChange,
}: {
  asked: ContestTerms;
  consentText: string;
  rulesHref: string;
  /** What a refused plain form had ticked and chosen. */
  values: EntryTerms | undefined;
  errors: TermErrors;
  onChange: (field: EntryTermField) => void;
}) {
  const countryId = useId();
  const { allowedCountries } = asked;
  return (
    <>
      {allowedCountries.length > 0 ? (
        <div className="grid gap-2">
          <Label htmlFor={countryId}>Country where you live</Label>
          <select
            id={countryId}
            name="country"
            defaultValue={values?.country ?? ''}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={`${countryId}-message`}
            onChange={() => onChange('country')}
            className="h-11 rounded-xl border border-input bg-background px-3 text-base focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <option value="">Choose your country</option>
            {allowedCountries.map((code) => (
              // Names come from the runtime's own list, which may word one differently.
              <option key={code} value={code} suppressHydrationWarning>
                {countryName(code)}
              </option>
            ))}
          </select>
          <FieldMessage
            id={`${countryId}-message`}
            error={errors.country}
            hint={
              <span suppressHydrationWarning>
                Open to entrants in {allowedCountries.map(countryName).join(', ')}.
              </span>
            }
          />
        </div>
      ) : null}
      {asked.hasRules ? (
        <CheckField
          name="acceptRules"
          defaultChecked={values?.acceptRules}
          error={errors.acceptRules}
          onChange={() => onChange('acceptRules')}
        >
          I agree to the{' '}
          <a
            href={rulesHref}
            target="_blank"
            rel="noopener"
            className="font-semibold text-primary underline underline-offset-2"
          >
            official rules
          </a>
        </CheckField>
      ) : null}
      {asked.minAge !== null ? (
        <CheckField
          name="confirmAge"
          defaultChecked={values?.confirmAge}
          error={errors.confirmAge}
          onChange={() => onChange('confirmAge')}
        >
          I am at least {asked.minAge}
        </CheckField>
      ) : null}
      {asked.hasConsentBox ? (
        <CheckField
          name="marketingConsent"
          defaultChecked={values?.marketingConsent}
          error={errors.marketingConsent}
          onChange={() => onChange('marketingConsent')}
        >
          {consentText} <span className="text-muted-foreground">(optional)</span>
        </CheckField>
      ) : null}
    </>
  );
}

/** The terms a form holds: each box sent as "true" when ticked, the country as chosen. */
export function termsOfForm(form: FormData, asked: ContestTerms): EntryTerms {
  const ticked = (field: string) => form.get(field) === 'true';
  const terms: EntryTerms = {};
  if (asked.hasRules) terms.acceptRules = ticked('acceptRules');
  if (asked.minAge !== null) terms.confirmAge = ticked('confirmAge');
  if (asked.hasConsentBox) terms.marketingConsent = ticked('marketingConsent');
  const country = form.get('country');
  if (typeof country === 'string' && country !== '') terms.country = country;
  return terms;
}
