import { useCallback, useEffect, useRef, useState } from 'react';
import type { DrawRecord } from '#shared/contracts/draws.ts';
import { verifyRecord, type CheckResult, type VerifyProgress } from './verify-record.ts';

export type VerificationState =
  | { status: 'idle' }
  | { status: 'running'; progress: VerifyProgress }
  | { status: 'done'; checks: CheckResult[]; seconds: number };

/** Runs the browser's checks on demand; a newer run or leaving the page drops an older one. */
export function useVerification(record: DrawRecord) {
  const [state, setState] = useState<VerificationState>({ status: 'idle' });
  const runRef = useRef(0);
  useEffect(
    () => () => {
      runRef.current += 1;
    },
    [],
  );
  const start = useCallback(() => {
    const run = (runRef.current += 1);
    const isCurrent = () => runRef.current === run;
    const startedAt = performance.now();
    setState({ status: 'running', progress: { label: 'Starting', fraction: 0 } });
    void verifyRecord(record, {
      onProgress: (progress) => isCurrent() && setState({ status: 'running', progress }),
    }).then((checks) => {
      if (!isCurrent()) return;
      setState({ status: 'done', checks, seconds: (performance.now() - startedAt) / 1000 });
    });
  }, [record]);

  return { state, start };
}
