import { CircleCheck, CircleX, ShieldCheck, ShieldX } from 'lucide-react';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Callout } from '#web/components/ui/callout.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { countOf } from '../lib/format.ts';
import { useVerification } from '../lib/use-verification.ts';
import type { CheckResult } from '../lib/verify-record.ts';

const formatDuration = (seconds: number) =>
  seconds < 1 ? `${Math.max(1, Math.round(seconds * 1000))} ms` : `${seconds.toFixed(1)} s`;

function CheckLine({ check }: { check: CheckResult }) {
  const Icon = check.ok ? CircleCheck : CircleX;
  return (
    <li className="flex gap-2.5 py-2">
      <Icon
        aria-hidden
        className={
          check.ok
            ? 'mt-0.5 size-5 shrink-0 text-success'
            : 'mt-0.5 size-5 shrink-0 text-destructive'
        }
      />
      <div className="grid min-w-0 gap-1">
        <p className={check.ok ? 'text-sm' : 'text-sm font-semibold text-red-900'}>
          <span className="sr-only">{check.ok ? 'Passed: ' : 'Failed: '}</span>
          {check.text}
        </p>
        {check.detail ? (
          <p className="break-all font-mono text-xs text-muted-foreground">{check.detail}</p>
        ) : null}
      </div>
    </li>
  );
}

/** "Verify in my browser": every check of the record, recomputed here, one line each. */
export function VerifyPanel({ record }: { record: DrawRecord }) {
  const { state, start } = useVerification(record);
  const isRunning = state.status === 'running';
  const failed = state.status === 'done' ? state.checks.filter((check) => !check.ok).length : 0;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={start} disabled={isRunning} size="lg" className="w-full sm:w-auto">
          <ShieldCheck aria-hidden />
          {state.status === 'done' ? 'Verify again' : 'Verify in my browser'}
        </Button>
        {state.status === 'idle' ? (
          <p className="text-sm text-muted-foreground">
            Nothing is sent anywhere: your browser does the arithmetic.
          </p>
        ) : null}
      </div>

      {state.status === 'running' ? (
        <div className="grid gap-2" aria-live="polite">
          <div className="flex items-center gap-2 text-sm font-medium">
            <Spinner className="size-4" label="Verifying" />
            {state.progress.label}…
          </div>
          <div
            role="progressbar"
            aria-label="Verification progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(state.progress.fraction * 100)}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div
              className="h-full rounded-full bg-primary transition-[width]"
              style={{ width: `${Math.max(4, state.progress.fraction * 100)}%` }}
            />
          </div>
        </div>
      ) : null}

      {state.status === 'done' ? (
        <div className="grid gap-3">
          {failed === 0 ? (
            <Callout tone="success" icon={ShieldCheck} role="status">
              <p className="font-bold">
                All {countOf(state.checks.length, 'check', 'checks')} passed
              </p>
              <p>
                Recomputed in your browser in {formatDuration(state.seconds)}: this record is
                consistent with its commitment, its entry list and its picks.
              </p>
            </Callout>
          ) : (
            <Callout tone="danger" icon={ShieldX} role="alert">
              <p className="font-bold">
                {failed} of {countOf(state.checks.length, 'check', 'checks')} failed
              </p>
              <p>This record does not hold together: see the lines marked below.</p>
            </Callout>
          )}
          <ul aria-label="Verification checks" className="divide-y divide-border">
            {state.checks.map((check, i) => (
              <CheckLine key={i} check={check} />
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
