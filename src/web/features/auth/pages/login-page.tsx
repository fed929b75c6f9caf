import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { loginBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { ApiError, messageOf } from '#web/lib/api-client.ts';
import { useLogIn } from '../api/login.ts';
import { CredentialsFields } from '../components/credentials-fields.tsx';
import { ResendVerification } from '../components/resend-verification.tsx';

export function LoginPage() {
  const [, navigate] = useLocation();
  const logIn = useLogIn();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = form.handleSubmit((values) => {
    setUnverifiedEmail(null);
    logIn.mutate(values, {
      onSuccess: () => navigate('/'),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'EMAIL_NOT_VERIFIED') {
          setUnverifiedEmail(values.email);
        }
        toast({
          title: 'Login Failed',
          description: messageOf(error, 'Invalid email or password'),
          variant: 'destructive',
        });
      },
    });
  });

  return (
    <AuthLayout
      title="Welcome back"
      description="Sign in to manage your contests."
      footer={
        <>
          Don&apos;t have an account? <TextLink href="/signup">Sign up</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <CredentialsFields form={form} />
        <div className="-mt-1 text-right text-sm">
          <TextLink href="/forgot-password" className="tap-target inline-flex items-center">
            Forgot password?
          </TextLink>
        </div>
        {unverifiedEmail ? <ResendVerification email={unverifiedEmail} /> : null}
        <Button type="submit" size="lg" disabled={logIn.isPending}>
          {logIn.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
