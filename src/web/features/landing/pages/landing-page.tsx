import { PlayCircle } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { PRODUCT_NAME } from '#shared/constants.ts';
import { Logo } from '#web/components/layout/logo.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { FeatureGrid } from '../components/feature-grid.tsx';
import { Pricing } from '../components/pricing.tsx';
import { WhyPrizewheel } from '../components/why-prizewheel.tsx';

/**
 * The dialog library and the wheel load when a visitor asks for the demo: most never do, and
 * the page's first paint waits for every module it imports (docs/decisions/022-entry-page-bytes.md).
 */
const DemoDialog = lazy(() =>
  import('../components/demo-dialog.tsx').then((module) => ({ default: module.DemoDialog })),
);

const footerLinks: { heading: string; links: { label: string; href: string }[] }[] = [
  {
    heading: 'Product',
    links: [
      { label: 'Why Prizewheel', href: '#why' },
      { label: 'Features', href: '#features' },
      { label: 'Pricing', href: '#pricing' },
    ],
  },
  {
    heading: 'Account',
    links: [
      { label: 'Sign up', href: '/signup' },
      { label: 'Log in', href: '/login' },
    ],
  },
];

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:py-20">
      <h2 className="text-center text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">{intro}</p>
      <div className="mt-10">{children}</div>
    </section>
  );
}

function Footer() {
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-3">
        <div>
          <Logo />
          <p className="mt-3 text-sm text-muted-foreground">Fair giveaways, real leads.</p>
        </div>
        {footerLinks.map((group) => (
          <nav key={group.heading} aria-label={group.heading}>
            <h2 className="text-sm font-bold">{group.heading}</h2>
            <ul className="mt-3 grid gap-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  {link.href.startsWith('#') ? (
                    <a href={link.href} className="text-muted-foreground hover:text-foreground">
                      {link.label}
                    </a>
                  ) : (
                    <Link href={link.href} className="text-muted-foreground hover:text-foreground">
                      {link.label}
                    </Link>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* Rendered in the server's time zone: around New Year the visitor's year may differ. */}
      <p suppressHydrationWarning className="pb-8 text-center text-xs text-muted-foreground">
        © {new Date().getFullYear()} {PRODUCT_NAME}
      </p>
    </footer>
  );
}

/** Mounted at the first click, then opened and closed by it. */
function WatchDemo() {
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size="lg"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <PlayCircle aria-hidden />
        Watch Demo
      </Button>
      {wanted ? (
        <Suspense fallback={null}>
          <DemoDialog open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      ) : null}
    </>
  );
}

export function LandingPage() {
  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur">
        <nav
          aria-label="Main"
          className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4"
        >
          <Logo />
          <div className="flex items-center gap-1 sm:gap-4">
            <a
              href="#features"
              className="hidden text-sm font-medium text-muted-foreground hover:text-foreground sm:inline"
            >
              Features
            </a>
            <a
              href="#pricing"
              className="hidden text-sm font-medium text-muted-foreground hover:text-foreground sm:inline"
            >
              Pricing
            </a>
            <Button asChild size="sm" variant="outline">
              <Link href="/login">Log in</Link>
            </Button>
            <Button asChild size="sm">
              <Link href="/signup">Sign up</Link>
            </Button>
          </div>
        </nav>
      </header>

      <main>
        <section className="bg-gradient-to-b from-primary-soft to-background">
          <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
            <div>
              <p className="mb-4 inline-block rounded-full bg-accent-soft px-3 py-1 text-sm font-semibold text-amber-900">
                For trainers, coaches and small businesses
              </p>
              <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
                Giveaways that grow your list, and a draw everyone trusts.
              </h1>
              <p className="mt-5 max-w-xl text-lg text-muted-foreground">
                Create a contest, share one link, collect names and confirmed e-mail addresses, then
                spin the wheel live. Anyone can check that the winner was picked fairly.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <Link href="/signup">Start Your First Contest</Link>
                </Button>
                <WatchDemo />
              </div>
            </div>
            <ul aria-label="How it works" className="grid gap-3">
              {[
                ['1', 'Create a contest', 'Prize, end date, an optional entry limit.'],
                ['2', 'Share one link', 'Entrants join from their phone in seconds.'],
                ['3', 'Spin the wheel', 'Draw a fair winner live, then export your leads.'],
              ].map(([step, title, text]) => (
                <li
                  key={step}
                  className="flex items-start gap-4 rounded-2xl border border-border bg-card p-5 shadow-sm"
                >
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary text-lg font-bold text-white">
                    {step}
                  </span>
                  <span>
                    <span className="block font-bold">{title}</span>
                    <span className="text-sm text-muted-foreground">{text}</span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <Section
          id="why"
          title="What sets Prizewheel apart"
          intro="Three things your entrants and your list will notice."
        >
          <WhyPrizewheel />
        </Section>

        <Section
          id="features"
          title="Everything a giveaway needs"
          intro="Built for the moment your post takes off."
        >
          <FeatureGrid />
        </Section>

        <Section
          id="pricing"
          title="Simple pricing"
          intro="No per-entry fees, no limits on your leads."
        >
          <Pricing />
        </Section>
      </main>

      <Footer />
    </div>
  );
}
