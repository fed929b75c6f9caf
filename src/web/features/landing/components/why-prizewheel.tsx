import { Gift, MailCheck, ShieldCheck, type LucideIcon } from 'lucide-react';

/** What sets Prizewheel apart, each backed by a rule of docs/product.md. */
const reasons: { icon: LucideIcon; title: string; text: string }[] = [
  {
    icon: ShieldCheck,
    title: 'A draw anyone can check',
    text: 'The result is locked in before entries close, and every draw gets a public record. Any entrant can check on their phone that the winner was picked fairly.',
  },
  {
    icon: MailCheck,
    title: 'Real leads with confirmed e-mails',
    text: 'Each mailbox enters once, throwaway addresses are refused, and with e-mail confirmation on an entry counts only once its address is confirmed: your list is people you can reach.',
  },
  {
    icon: Gift,
    title: 'Bonus entries for friends',
    text: 'Every entrant gets a personal link. Each friend who enters through it earns them bonus entries, so your giveaway spreads by word of mouth.',
  },
];

export function WhyPrizewheel() {
  return (
    <ul className="grid gap-4 md:grid-cols-3">
      {reasons.map(({ icon: Icon, title, text }) => (
        <li
          key={title}
          className="rounded-2xl border border-primary/30 bg-primary-soft/60 p-6 shadow-sm"
        >
          <span className="mb-4 inline-flex size-11 items-center justify-center rounded-xl bg-primary text-white">
            <Icon aria-hidden className="size-5" />
          </span>
          <h3 className="text-lg font-bold">{title}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
