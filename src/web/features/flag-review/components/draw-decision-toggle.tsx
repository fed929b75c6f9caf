import type { DrawDecision } from '#shared/contracts/flag-review.ts';
import { cn } from '#web/lib/cn.ts';

const choices: { value: DrawDecision; label: string }[] = [
  { value: 'include', label: 'In the draw' },
  { value: 'exclude', label: 'Left out' },
];

/**
 * "In the draw | Left out" for a flag or one entry: two pressed-or-not buttons, so the current
 * choice reads at a glance and one tap changes it.
 */
export function DrawDecisionToggle({
  value,
  label,
  disabled,
  onChange,
}: {
  value: DrawDecision;
  /** What is decided, for screen readers ("Fast submit entries", "Ada's entry"). */
  label: string;
  disabled?: boolean;
  onChange: (decision: DrawDecision) => void;
}) {
  return (
    <div
      role="group"
      aria-label={label}
      className="inline-flex shrink-0 justify-self-start rounded-lg border border-input bg-card p-0.5"
    >
      {choices.map((choice) => {
        const isChosen = choice.value === value;
        return (
          <button
            key={choice.value}
            type="button"
            aria-pressed={isChosen}
            disabled={disabled}
            onClick={() => {
              if (!isChosen) onChange(choice.value);
            }}
            className={cn(
              'h-8 cursor-pointer rounded-md px-2.5 text-xs font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60',
              isChosen
                ? choice.value === 'include'
                  ? 'bg-primary text-primary-foreground'
                  : 'bg-amber-100 text-amber-900'
                : 'text-muted-foreground hover:bg-muted',
            )}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
