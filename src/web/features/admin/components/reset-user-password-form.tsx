import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, TriangleAlert } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { resetUserPasswordForm } from '#shared/contracts/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { EmailField } from '#web/components/ui/email-field.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { reportFailure } from '#web/lib/report-failure.ts';
import { useResetUserPassword, type ResetPasswordPath } from '../api/reset-user-password.ts';

/**
 * The admin and database reset forms: e-mail, new password, confirmation; then a success screen
 * whose Reset Another Password brings back an empty form. The server ends that user's sessions.
 */
export function ResetUserPasswordForm({
  path,
  defaultEmail = '',
  submitLabel,
  pendingLabel,
  successText,
  failureFallback,
  successActions,
}: {
  path: ResetPasswordPath;
  defaultEmail?: string;
  submitLabel: string;
  pendingLabel: string;
  successText: string;
  failureFallback: string;
  /** Links of the success screen beside Reset Another Password. */
  successActions: ReactNode;
}) {
  const reset = useResetUserPassword(path);
  const [doneFor, setDoneFor] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetUserPasswordForm),
    defaultValues: { email: defaultEmail, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit(({ email, newPassword }) =>
    reset.mutate(
      { email, newPassword },
      {
        onSuccess: ({ user }) => {
          toast({
            title: 'Password Reset Successful',
            description: successText,
            variant: 'success',
          });
          form.reset({ email: '', newPassword: '', confirmPassword: '' });
          setDoneFor(user.email);
        },
        onError: (error) => reportFailure(error, 'Reset Failed', failureFallback),
      },
    ),
  );

  if (doneFor) {
    return (
      <Card>
        <CardContent className="grid justify-items-center gap-3 pt-8 text-center">
          <CircleCheck aria-hidden className="size-12 text-success" />
          <h2 className="text-xl font-bold">Password Reset Complete</h2>
          <p className="break-words text-sm text-muted-foreground">
            The password of {doneFor} has been changed and their sessions have ended.
          </p>
          <div className="mt-2 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
            <Button variant="outline" onClick={() => setDoneFor(null)}>
              Reset Another Password
            </Button>
            {successActions}
          </div>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardContent className="grid gap-5">
        <Callout role="note" tone="warning" icon={TriangleAlert}>
          <p>
            <strong>Admin Use Only.</strong> This sets the password directly and bypasses email
            verification. The user is signed out everywhere. The action is recorded with your name.
          </p>
        </Callout>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <EmailField
            label="User Email"
            autoComplete="off"
            placeholder="user@example.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            label="New Password"
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...form.register('newPassword')}
          />
          <FormField
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? pendingLabel : submitLabel}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
