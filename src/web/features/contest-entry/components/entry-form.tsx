import { useState, useSyncExternalStore, type FormEvent } from 'react';
import {
  validateEntry,
  type EnterContestBody,
  type EntryReceipt,
} from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { messageOf } from '#web/lib/api-client.ts';
import { enterContest } from '../api/enter-contest.ts';

type FieldErrors = Partial<Record<keyof EnterContestBody, string>>;

const subscribeNever = () => () => {};

/** False in the server's HTML and while hydrating; true once the script runs the page. */
function useIsHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Two fields do not need a form library: this page is the one that must load fastest.
 * Validation is the route's own contract. On any failure the typed values stay in place.
 * The page is rendered on the server and shown before its script runs, so the fields are
 * uncontrolled (what a visitor typed before hydration is what gets sent), and the button
 * waits for the script (a native submit would put the e-mail in the URL and enter nobody).
 */
export function EntryForm({
  contestId,
  onEntered,
}: {
  contestId: string;
  onEntered: (receipt: EntryReceipt) => void;
}) {
  const isHydrated = useIsHydrated();
  const [isPending, setIsPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});

  const clearError = (field: keyof EnterContestBody) => () =>
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const parsed = validateEntry({ name: form.get('name'), email: form.get('email') });
    if (!parsed.success) {
      setErrors(parsed.errors);
      return;
    }
    setIsPending(true);
    enterContest(contestId, parsed.data)
      .then((receipt) => {
        toast({
          title: 'Entry Successful!',
          description: "You've been entered into the contest. Good luck!",
          variant: 'success',
        });
        onEntered(receipt);
      })
      .catch((error: unknown) =>
        toast({
          title: 'Entry Failed',
          description: messageOf(error, 'Failed to enter contest'),
          variant: 'destructive',
        }),
      )
      .finally(() => setIsPending(false));
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <FormField
        label="Full name"
        name="name"
        autoComplete="name"
        placeholder="Your full name"
        error={errors.name}
        onChange={clearError('name')}
      />
      <FormField
        label="Email address"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        error={errors.email}
        onChange={clearError('email')}
      />
      <Button type="submit" size="lg" disabled={isPending || !isHydrated}>
        {isPending ? 'Entering...' : 'Enter Contest'}
      </Button>
    </form>
  );
}
