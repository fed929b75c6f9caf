import { useState, type FormEvent } from 'react';
import { validateEntry, type EnterContestBody } from '#shared/contracts/entries.ts';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { messageOf } from '#web/lib/api-client.ts';
import { enterContest } from '../api/enter-contest.ts';

type FieldErrors = Partial<Record<keyof EnterContestBody, string>>;

/**
 * Two fields do not need a form library: this page is the one that must load fastest.
 * Validation is the route's own contract. On any failure the typed values stay in place.
 */
export function EntryForm({
  contestId,
  onEntered,
}: {
  contestId: string;
  onEntered: (name: string) => void;
}) {
  const [isPending, setIsPending] = useState(false);
  const [values, setValues] = useState({ name: '', email: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const update = (field: keyof EnterContestBody) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = validateEntry(values);
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
        onEntered(receipt.name);
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
        value={values.name}
        error={errors.name}
        onChange={(event) => update('name')(event.target.value)}
      />
      <FormField
        label="Email address"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder="you@example.com"
        value={values.email}
        error={errors.email}
        onChange={(event) => update('email')(event.target.value)}
      />
      <Button type="submit" size="lg" disabled={isPending}>
        {isPending ? 'Entering...' : 'Enter Contest'}
      </Button>
    </form>
  );
}
