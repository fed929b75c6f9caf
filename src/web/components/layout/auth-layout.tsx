import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Logo } from './logo.tsx';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Shown above the card's title, e.g. a back arrow. */
  back?: ReactNode;
};

/** The centred single-card layout of every account screen. */
export function AuthLayout({ title, description, children, footer, back }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-gradient-to-b from-primary-soft via-background to-background px-4 py-8 sm:py-16">
      <Logo className="mb-8" />
      <main className="w-full max-w-md">
        <Card>
          <CardHeader>
            {back}
            <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? (
          <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>
        ) : null}
      </main>
    </div>
  );
}
