import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import {
  entryFormFields,
  entryFormMessages,
  validateEntry,
  type EntryField,
  type EntryReceipt,
} from '#shared/contracts/entries.ts';
import {
  checkEntryTerms,
  shownEntryFields,
  type ContestTerms,
  type EntryTermField,
} from '#shared/contracts/entry-terms.ts';
import { isReferralCode, REFERRAL_PARAM } from '#shared/contracts/referrals.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { enterContest } from '../api/enter-contest.ts';
import { useEntryForm, usePlainFormToken } from '../api/get-entry-form.ts';
import { resendLink } from '../api/resend-link.ts';
import { useEntryPageState } from '../lib/entry-page-state.ts';
import { useCaptcha } from '../lib/use-captcha.ts';
import { useIsHydrated } from '../lib/use-is-hydrated.ts';
import { useReferralCode } from '../lib/use-referral-code.ts';
import { EntryTermsFields, termsOfForm } from './entry-terms-fields.tsx';

type FieldErrors = Partial<Record<EntryField | EntryTermField, string>>;

/**
 * The server's messages for the form's own fields (a throwaway address, a country the contest
 * is not open to), to show in place.
 */
function serverFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError)) return null;
  const errors: FieldErrors = {};
  for (const field of shownEntryFields) {
    const message = error.fieldErrors[field];
    if (typeof message === 'string') errors[field] = message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** The friend's code the form carries, when it carries one. */
function referralOf(form: FormData): string | undefined {
  const value = form.get(entryFormFields.ref);
  return isReferralCode(value) ? value : undefined;
}

// Shown only after a refusal: its own small chunk (the server renders it into a refused page).
const EntryNotice = lazy(() =>
  import('./entry-notice.tsx').then((module) => ({ default: module.EntryNotice })),
);

/**
 * A few fields do not need a form library: this page is the one that must load fastest.
 * Validation is the route's own contract. On any failure the typed values stay in place.
 * The page is rendered on the server and shown before its script runs, and the form works
 * without it: a plain POST to the page's address, which the server answers with the page
 * (docs/product.md#the-entry-form-without-javascript), carrying the same hidden fields. Once
 * the script runs, it sends the form itself, without leaving the page. The fields are
 * uncontrolled, so what a visitor typed before hydration is what gets sent. A visitor who came
 * through a friend's link sends the friend's code with the same tap.
 */
export function EntryForm({
  contestId,
  asked,
  consentText,
  canResendLink,
  onEntered,
}: {
  contestId: string;
  /** What the contest asks beside the name and e-mail (rules, age, country, consent box). */
  asked: ContestTerms;
  consentText: string;
  /** The contest has referrals: an entrant who entered already has a personal link to get again. */
  canResendLink: boolean;
  onEntered: (receipt: EntryReceipt) => void;
}) {
  const isHydrated = useIsHydrated();
  const referralCode = useReferralCode();
  // A plain form the server refused comes back with its reason and what was typed.
  const { refusal } = useEntryPageState();
  const [isPending, setIsPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>(refusal?.fieldErrors ?? {});
  const [notice, setNotice] = useState(refusal?.message ?? null);
  const [resendState, setResendState] = useState<{ isSending: boolean; answer: string | null }>({
    isSending: false,
    answer: null,
  });
  const emailRef = useRef<HTMLInputElement>(null);
  const isDuplicate = notice === entryFormMessages.duplicate;

  const sendLinkAgain = () => {
    const email = emailRef.current?.value.trim() ?? '';
    setResendState({ isSending: true, answer: null });
    resendLink(contestId, { email }).then(
      (answer) => setResendState({ isSending: false, answer: answer.message }),
      (error: unknown) =>
        setResendState({
          isSending: false,
          answer: messageOf(error, 'Could not send it. Please try again in a few minutes.'),
        }),
    );
  };
  const setup = useEntryForm(contestId);
  const plainFormToken = usePlainFormToken();
  const pageAddress = `/c/${encodeURIComponent(contestId)}${referralCode ? `?${REFERRAL_PARAM}=${referralCode}` : ''}`;
  const {
    setContainer: setCaptchaContainer,
    token: captchaToken,
    reset: resetCaptcha,
  } = useCaptcha(setup.captchaSiteKey);

  const clearFieldError = (field: EntryField | EntryTermField) =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  const clearError = (field: EntryField) => () => clearFieldError(field);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setNotice(null);
    const form = new FormData(event.currentTarget);
    const parsed = validateEntry({ name: form.get('name'), email: form.get('email') });
    const terms = termsOfForm(form, asked);
    const termErrors = checkEntryTerms(terms, asked);
    if (!parsed.success || Object.keys(termErrors).length > 0) {
      setErrors({ ...(parsed.success ? {} : parsed.errors), ...termErrors });
      return;
    }
    setIsPending(true);
    enterContest(contestId, {
      ...parsed.data,
      ...terms,
      [entryFormFields.trap]: String(form.get(entryFormFields.trap) ?? ''),
      [entryFormFields.formToken]: setup.formToken(),
      [entryFormFields.captchaToken]: captchaToken(),
      [entryFormFields.ref]: referralOf(form),
    })
      .then((receipt) => {
        toast(
          receipt.status === 'pending'
            ? {
                title: 'Check your inbox',
                description: receipt.confirmationResent
                  ? 'Open the new link we e-mailed you to confirm your entry.'
                  : 'Open the link we e-mailed you to confirm your entry.',
                variant: 'success',
              }
            : {
                title: 'Entry Successful!',
                description: "You've been entered into the contest. Good luck!",
                variant: 'success',
              },
        );
        onEntered(receipt);
      })
      .catch((error: unknown) => {
        const fieldErrors = serverFieldErrors(error);
        if (fieldErrors) {
          setErrors(fieldErrors);
          return;
        }
        // An address that has entered already: said beside the button, with the way on.
        if (error instanceof ApiError && error.code === 'ALREADY_ENTERED') {
          setResendState({ isSending: false, answer: null });
          setNotice(messageOf(error, entryFormMessages.duplicate));
          return;
        }
        toast({
          title: 'Entry Failed',
          description: messageOf(error, 'Failed to enter contest'),
          variant: 'destructive',
        });
      })
      .finally(() => {
        setIsPending(false);
        resetCaptcha();
      });
  };

  return (
    <form
      method="post"
      action={pageAddress}
      onSubmit={onSubmit}
      // Says (to tests and to styles) that the script now sends the form, not the browser.
      data-enhanced={isHydrated ? '' : undefined}
      noValidate
      className="relative grid gap-4"
    >
      <FormField
        label="Full name"
        name="name"
        defaultValue={refusal?.values.name}
        autoComplete="name"
        placeholder="Your full name"
        error={errors.name}
        onChange={clearError('name')}
      />
      <FormField
        label="Email address"
        name="email"
        type="email"
        defaultValue={refusal?.values.email}
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        ref={emailRef}
        error={errors.email}
        onChange={clearError('email')}
      />
      {/*
        A field people never see, skipped by Tab, autofill and screen readers: a script that
        fills in every field fills this one too, and the server then stores nothing. Moved off
        screen rather than display:none, which such scripts recognise.
      */}
      <div aria-hidden className="absolute -left-[10000px] top-0 size-px overflow-hidden">
        <label htmlFor="entry-homepage">Leave this field empty</label>
        <input
          id="entry-homepage"
          name={entryFormFields.trap}
          type="text"
          tabIndex={-1}
          autoComplete="off"
        />
      </div>
      <EntryTermsFields
        asked={asked}
        consentText={consentText}
        rulesHref={`/c/${encodeURIComponent(contestId)}/rules`}
        values={refusal?.values.terms}
        errors={errors}
        onChange={clearFieldError}
      />
      <input type="hidden" name={entryFormFields.formToken} value={plainFormToken} />
      {referralCode ? (
        <input type="hidden" name={entryFormFields.ref} value={referralCode} />
      ) : null}
      {setup.captchaSiteKey ? <div ref={setCaptchaContainer} className="min-h-[65px]" /> : null}
      <Button type="submit" size="lg" disabled={isPending}>
        {isPending ? 'Entering...' : 'Enter Contest'}
      </Button>
      {notice ? (
        <Suspense fallback={<p role="alert">{notice}</p>}>
          <EntryNotice
            message={notice}
            // The action needs the script: a page without it shows the message alone.
            resend={
              isDuplicate && canResendLink && isHydrated
                ? { ...resendState, onClick: sendLinkAgain }
                : null
            }
          />
        </Suspense>
      ) : null}
    </form>
  );
}
