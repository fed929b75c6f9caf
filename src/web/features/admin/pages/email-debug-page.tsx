import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, CircleX, Info, ServerCog } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { testEmailBody } from '#shared/contracts/admin.ts';
import { PageFrame } from '#web/components/layout/page-frame.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { EmailText } from '#web/components/ui/email-text.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { messageOf } from '#web/lib/api-client.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useSendTestEmail } from '../api/send-test-email.ts';
import { AdminGate } from '../components/admin-gate.tsx';
import { HelpPanel } from '../components/help-panel.tsx';

/** Client only: this visit's results, gone when it is left (docs/product.md#admin-screens). */
type EmailTestResult = {
  id: number;
  timestamp: Date;
  email: string;
  status: 'success' | 'error';
  message: string;
};

export function EmailDebugPage() {
  return (
    <PageFrame
      width="max-w-4xl"
      title="Email Debug"
      description="Send a test email through the configured mail transport."
      back={{ href: '/working-admin', label: 'Back to Working Admin' }}
    >
      <AdminGate>{() => <EmailDebug />}</AdminGate>
    </PageFrame>
  );
}

function EmailDebug() {
  const send = useSendTestEmail();
  const [results, setResults] = useState<EmailTestResult[]>([]);
  const form = useForm({ resolver: zodResolver(testEmailBody), defaultValues: { email: '' } });
  const record = (result: Omit<EmailTestResult, 'id' | 'timestamp'>) =>
    setResults((previous) => [
      { ...result, id: (previous[0]?.id ?? 0) + 1, timestamp: new Date() },
      ...previous,
    ]);

  const onSubmit = form.handleSubmit(({ email }) =>
    send.mutate(
      { email },
      {
        onSuccess: ({ message }) => {
          record({ email, status: 'success', message });
          toast({
            title: 'Email Test Sent',
            description: 'Check server logs and email inbox for delivery confirmation.',
            variant: 'success',
          });
        },
        onError: (error) => {
          record({
            email,
            status: 'error',
            message: messageOf(error, 'Failed to send test email.'),
          });
          reportFailure(error, 'Email Test Failed', 'Failed to send test email.');
        },
      },
    ),
  );

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
      <div className="grid content-start gap-6">
        <Card>
          <CardContent>
            <form
              onSubmit={onSubmit}
              noValidate
              className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
            >
              <EmailField
                label="Recipient Email"
                autoComplete="off"
                error={form.formState.errors.email?.message}
                {...form.register('email')}
              />
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending Test Email...' : 'Send Test Email'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="text-lg">Test results</CardTitle>
          </CardHeader>
          <CardContent>
            {results.length === 0 ? (
              <p className="text-sm text-muted-foreground">No tests performed yet</p>
            ) : (
              <ol aria-label="Test results" className="grid gap-3">
                {results.map((result) => (
                  <li
                    key={result.id}
                    className="flex items-start gap-3 rounded-lg border border-border p-3 text-sm"
                  >
                    {result.status === 'success' ? (
                      <CircleCheck aria-label="Success" className="size-5 shrink-0 text-success" />
                    ) : (
                      <CircleX aria-label="Error" className="size-5 shrink-0 text-destructive" />
                    )}
                    <div className="grid min-w-0 gap-0.5">
                      <EmailText email={result.email} className="block font-medium" />
                      <p className="break-words text-muted-foreground">{result.message}</p>
                      <p className="text-xs text-muted-foreground">
                        {result.timestamp.toLocaleTimeString()}
                      </p>
                    </div>
                  </li>
                ))}
              </ol>
            )}
          </CardContent>
        </Card>
      </div>
      <aside className="grid content-start gap-4">
        <HelpPanel icon={ServerCog} title="Backend logs">
          <p>
            Without <code>SMTP_URL</code> the server keeps each mail in its outbox and prints it,
            with its links, to the server log. With <code>SMTP_URL</code> set, the log records each
            delivery to the mail server, and a refusal shows here with the server&apos;s reply.
          </p>
        </HelpPanel>
        <HelpPanel icon={Info} title="Common delivery problems">
          <ul className="list-disc space-y-1 pl-4">
            <li>The mail landed in spam or promotions.</li>
            <li>
              <code>MAIL_FROM</code> is not a sender your mail server may use (SPF, DKIM).
            </li>
            <li>
              Wrong host, port or credentials in <code>SMTP_URL</code>.
            </li>
            <li>The recipient&apos;s mailbox is full or does not exist.</li>
          </ul>
          <p className="mt-3">
            A user who cannot get a reset link can use the{' '}
            <TextLink href="/manual-reset">manual reset page</TextLink>.
          </p>
        </HelpPanel>
      </aside>
    </div>
  );
}
