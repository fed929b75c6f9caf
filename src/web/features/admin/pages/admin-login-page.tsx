import { zodResolver } from '@hookform/resolvers/zod';
import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { ADMIN_LOGIN_REDIRECT_DELAY_MS } from '#shared/constants.ts';
import { loginBody } from '#shared/contracts/auth.ts';
import { AuthLayout } from '#web/components/layout/auth-layout.tsx';
import { TextLink } from '#web/components/layout/text-link.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { toast } from '#web/components/ui/use-toast.ts';
import { useLogIn } from '#web/features/auth/api/login.ts';
import { CredentialsFields } from '#web/features/auth/components/credentials-fields.tsx';
import { messageOf } from '#web/lib/api-client.ts';
import { afterAdminLogin } from '../lib/admin-login-href.ts';
import { rememberAdminEmail, useDefaultEmail } from '../lib/default-email.ts';

/** The admin login page (/quick-admin): the way in for every admin and recovery screen. */
export function AdminLoginPage() {
  const [, navigate] = useLocation();
  const logIn = useLogIn();
  const defaultEmail = useDefaultEmail();
  // Where to go once the success toast has been seen, 1 s later (docs/product.md#admin-screens).
  const [destination, setDestination] = useState<string | null>(null);
  useEffect(() => {
    if (!destination) return;
    const timer = setTimeout(() => navigate(destination), ADMIN_LOGIN_REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [destination, navigate]);
  const form = useForm({
    resolver: zodResolver(loginBody),
    defaultValues: { email: defaultEmail, password: '' },
  });

  const onSubmit = form.handleSubmit((values) =>
    logIn.mutate(values, {
      onSuccess: ({ user }) => {
        if (user.role !== 'admin') {
          toast({
            title: 'Not an Admin',
            description: `You are signed in as ${user.email}, which has no admin access.`,
            variant: 'destructive',
          });
          return;
        }
        rememberAdminEmail(user.email);
        toast({
          title: 'Login Successful',
          description: 'Redirecting to admin panel...',
          variant: 'success',
        });
        setDestination(afterAdminLogin(window.location.search));
      },
      onError: (error) =>
        toast({
          title: 'Login Failed',
          description: messageOf(error, 'Invalid credentials'),
          variant: 'destructive',
        }),
    }),
  );

  return (
    <AuthLayout
      title="Admin Login"
      description="Sign in with an administrator account to open the admin panel and recovery tools."
      back={<ShieldCheck aria-hidden className="size-8 text-primary" />}
      footer={
        <>
          Not an admin? <TextLink href="/login">Regular sign in</TextLink>
          {' · '}
          <TextLink href="/emergency-access">Emergency access</TextLink>
          {' · '}
          <TextLink href="/manual-reset">Reset with a token</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <CredentialsFields form={form} />
        <Button type="submit" size="lg" disabled={logIn.isPending || destination !== null}>
          {logIn.isPending ? 'Signing In...' : 'Login to Admin Panel'}
        </Button>
      </form>
    </AuthLayout>
  );
}
