import { zodResolver } from '@hookform/resolvers/zod';
import { AlertTriangle, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { meLinkBody, meMessages } from '#shared/contracts/me.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { useRequestMyLink } from '../api/request-my-link.ts';

/**
 * The address to mail a link to. What it says afterwards is true whether or not the address has
 * entries: the answer never tells (docs/product.md#your-entries-me).
 */
export function LinkRequestForm() {
  const requestLink = useRequestMyLink();
  const [isSent, setIsSent] = useState(false);
  const form = useForm({ resolver: zodResolver(meLinkBody), defaultValues: { email: '' } });

  const onSubmit = form.handleSubmit((values) =>
    requestLink.mutate(values, {
      onSuccess: () => setIsSent(true),
      onError: (error) => {
        const message = error instanceof ApiError ? error.fieldErrors.email : undefined;
        if (message) form.setError('email', { message });
      },
    }),
  );

  if (isSent) {
    return (
      <div role="status" className="grid gap-4">
        <Callout tone="success" icon={MailCheck}>
          <p>{meMessages.linkSent}</p>
          <p>Nothing there after a few minutes? Look in the spam or promotions folder.</p>
        </Callout>
        <Button type="button" variant="outline" onClick={() => setIsSent(false)}>
          Use another address
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <EmailField
        hint="The address you entered the giveaways with."
        error={form.formState.errors.email?.message}
        {...form.register('email')}
      />
      {requestLink.error && !form.formState.errors.email ? (
        <Callout tone="danger" icon={AlertTriangle} role="alert">
          <p>{messageOf(requestLink.error, 'The link could not be sent. Please try again.')}</p>
        </Callout>
      ) : null}
      <Button type="submit" size="lg" disabled={requestLink.isPending}>
        {requestLink.isPending ? 'Sending...' : 'Send me a link'}
      </Button>
    </form>
  );
}
