import {
  Clock,
  Download,
  Link2,
  ShieldCheck,
  Smartphone,
  Sparkles,
  type LucideIcon,
} from 'lucide-react';

const features: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: Sparkles,
    title: 'Interactive spinning wheel',
    text: 'Draw the winner live in front of your audience with a wheel everyone can watch land.',
  },
  {
    icon: Smartphone,
    title: 'Mobile-first pages',
    text: 'Entry pages load fast on any phone, even on a weak connection in the gym.',
  },
  {
    icon: ShieldCheck,
    title: 'Fraud prevention',
    text: 'One entry per e-mail address, enforced by the database, not by hope.',
  },
  {
    icon: Download,
    title: 'Automatic lead collection',
    text: 'Every entrant’s name and e-mail address is saved for you. Export them to CSV at any time.',
  },
  {
    icon: Clock,
    title: 'Countdown timers',
    text: 'A live countdown shows entrants exactly how long they have left to join.',
  },
  {
    icon: Link2,
    title: 'Easy sharing',
    text: 'One unique link per contest: paste it in your bio, a story, a post or a QR code.',
  },
];

export function FeatureGrid() {
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {features.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-sm">
          <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-primary-soft text-primary">
            <Icon aria-hidden className="size-5" />
          </span>
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
