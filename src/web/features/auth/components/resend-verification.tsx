import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button.tsx';
import { useResendVerification } from '../api/resend-verification.ts';

/** Lets an unverified user ask for a fresh verification link. */
export function ResendVerification({ email }: { email: string }) {
  const resend = useResendVerification();
  return (
    <div className="rounded-lg border border-amber-200 bg-accent-soft p-4 text-sm text-amber-950">
      <p className="flex items-start gap-2">
        <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
        <span>
          Your e-mail address is not verified yet. Open the link we e-mailed to{' '}
          <strong>{email}</strong>, or ask for a new one.
        </span>
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        disabled={resend.isPending}
        onClick={() => resend.mutate({ email })}
      >
        {resend.isPending ? 'Sending...' : 'Resend verification e-mail'}
      </Button>
    </div>
  );
}
