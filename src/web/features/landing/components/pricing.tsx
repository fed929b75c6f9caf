import { Check } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/cn.ts';

const plans = [
  {
    name: 'Free',
    price: '$0',
    period: 'during early access',
    text: 'Everything Prizewheel does, for every contest you run.',
    perks: [
      'Unlimited contests and entries',
      'Live spinning-wheel draws',
      'CSV import and export of leads',
      'Countdown and entry limits',
    ],
    action: { label: 'Start Your First Contest', href: '/signup' },
    highlighted: true,
  },
  {
    name: 'Self-hosted',
    price: '$0',
    period: 'on your own server',
    text: 'Run Prizewheel yourself with your own database and mail server.',
    perks: [
      'Embedded database or PostgreSQL',
      'Your own SMTP sender',
      'Several servers behind a load balancer',
      'Your data stays on your server',
    ],
    action: { label: 'Log in to your own Prizewheel', href: '/login' },
    highlighted: false,
  },
];

export function Pricing() {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {plans.map((plan) => (
        <div
          key={plan.name}
          className={cn(
            'flex flex-col rounded-2xl border bg-card p-6 shadow-sm',
            plan.highlighted ? 'border-primary ring-2 ring-primary/20' : 'border-border',
          )}
        >
          <h3 className="text-lg font-bold">{plan.name}</h3>
          <p className="mt-2">
            <span className="text-4xl font-extrabold">{plan.price}</span>{' '}
            <span className="text-sm text-muted-foreground">{plan.period}</span>
          </p>
          <p className="mt-2 text-sm text-muted-foreground">{plan.text}</p>
          <ul className="my-6 grid gap-2 text-sm">
            {plan.perks.map((perk) => (
              <li key={perk} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-success" />
                {perk}
              </li>
            ))}
          </ul>
          <Button asChild variant={plan.highlighted ? 'primary' : 'outline'} className="mt-auto">
            <Link href={plan.action.href}>{plan.action.label}</Link>
          </Button>
        </div>
      ))}
    </div>
  );
}
