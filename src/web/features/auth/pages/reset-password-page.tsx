import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation, useSearch } from 'wouter';
import { PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { resetPasswordBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FormField } from '#web/components/ui/form-field.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useResetPassword } from '../api/reset-password.ts';

export function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const reset = useResetPassword();
  const form = useForm({
    resolver: zodResolver(resetPasswordBody),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (token) return;
    toast({
      title: 'Invalid reset link',
      description: 'This password reset link is invalid or has expired.',
      variant: 'destructive',
    });
    navigate('/forgot-password', { replace: true });
  }, [token, navigate]);

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: () => {
        toast({
          title: 'Password reset successful',
          description: 'Your password has been reset. You can now sign in with your new password.',
          variant: 'success',
        });
        navigate('/login');
      },
      onError: () =>
        toast({
          title: 'Password reset failed',
          description: 'Please try again or request a new reset link.',
          variant: 'destructive',
        }),
    }),
  );

  if (!token) return null;
  return (
    <AuthLayout
      title="Choose a new password"
      description="Your new password replaces the old one and signs you out everywhere."
      footer={<TextLink href="/forgot-password">Request a new reset link</TextLink>}
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          label="New password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_MIN_LENGTH}
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? 'Resetting...' : 'Reset password'}
        </Button>
      </form>
    </AuthLayout>
  );
}
