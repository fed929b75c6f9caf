import { useMutation } from '@tanstack/react-query';
import { AlertTriangle, CheckCircle2, MailCheck } from 'lucide-react';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { maskEmail } from '#web/lib/mask-email.ts';
import { resendVerification } from '../api/resend-verification.ts';

/** What a refused resend says: a 429 in words (the limit protects the inbox), else the reason. */
function resendFailure(error: Error): { title: string; detail: string } {
  if (error instanceof ApiError && error.status === 429) {
    return {
      title: 'Too many links asked for this address.',
      detail: `${messageOf(error, 'Please try again later.')} The link we already sent still works.`,
    };
  }
  return {
    title: 'The link could not be sent again.',
    detail: messageOf(error, 'Please try again.'),
  };
}

/**
 * After sign-up: where the verification link went, and a way to get it again. The answer is the
 * same whether or not the address already had an account (decision 011), so this screen says
 * only what is true either way: a link is on its way to that address.
 */
export function CheckInbox({
  email,
  onChangeAddress,
}: {
  email: string;
  onChangeAddress: () => void;
}) {
  const resend = useMutation({ mutationFn: resendVerification });
  const failure = resend.error ? resendFailure(resend.error) : null;

  return (
    <AuthLayout
      title="Check your inbox"
      description={
        <>
          We sent a link to <strong className="text-foreground">{maskEmail(email)}</strong>. Open it
          to verify your address and sign in; it asks for the password you just chose.
        </>
      }
      footer={
        <>
          Already verified? <TextLink href="/login">Sign in</TextLink>
        </>
      }
    >
      <div className="grid gap-4">
        <Callout tone="warning" icon={MailCheck}>
          <p>
            Nothing there after a few minutes? Look in the spam or promotions folder, or ask for the
            link again. It works once and expires in 24 hours.
          </p>
        </Callout>
        <div role="status">
          {resend.isSuccess ? (
            <Callout tone="success" icon={CheckCircle2}>
              <p>We sent a new link. Use that one: the earlier link no longer works.</p>
            </Callout>
          ) : null}
        </div>
        {failure ? (
          <Callout tone="danger" icon={AlertTriangle} role="alert">
            <p className="font-semibold">{failure.title}</p>
            <p>{failure.detail}</p>
          </Callout>
        ) : null}
        <Button
          type="button"
          size="lg"
          disabled={resend.isPending}
          onClick={() => resend.mutate({ email })}
        >
          {resend.isPending ? 'Sending...' : 'Resend the link'}
        </Button>
        <Button type="button" variant="outline" size="lg" onClick={onChangeAddress}>
          Use another address
        </Button>
      </div>
    </AuthLayout>
  );
}
