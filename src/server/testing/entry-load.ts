import { createHash, randomUUID } from 'node:crypto';

/** One POST entry as the entrant's browser saw it. */
export type EntryAnswer = {
  /** The instance asked. */
  url: string;
  email: string;
  /** The HTTP status, or 0 when no answer came (connection refused or reset, timeout). */
  status: number;
  body: string;
  /** How long the request took, in ms. */
  ms: number;
  /** When it was sent (Date.now()). */
  at: number;
};

/**
 * Longer than any answer should take, even with a burst of a thousand entries queued on a busy
 * machine; the tests that bound latency assert their own, tighter, limits.
 */
export const ENTRY_TIMEOUT_MS = 60_000;

/**
 * Each entrant's own client address, as the balancer in front of the servers reports it
 * (serverEnv trusts one proxy): a viral crowd comes from many networks, and the per-address
 * entry limits (docs/product.md#trusted-leads) would otherwise see one client sending them all.
 */
function crowdAddress(email: string): string {
  const hash = createHash('sha256').update(email).digest();
  return `10.${hash[0]}.${hash[1]}.${hash[2]}`;
}

export async function postEntry(
  url: string,
  contestId: string,
  entrant: { name: string; email: string },
): Promise<EntryAnswer> {
  const at = Date.now();
  try {
    const response = await fetch(`${url}/api/contests/${contestId}/entries`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-for': crowdAddress(entrant.email),
      },
      body: JSON.stringify(entrant),
      signal: AbortSignal.timeout(ENTRY_TIMEOUT_MS),
    });
    const body = await response.text();
    return { url, email: entrant.email, status: response.status, body, ms: Date.now() - at, at };
  } catch (error) {
    // fetch's own message is always "fetch failed": the cause says refused, reset or timed out.
    const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : '';
    return {
      url,
      email: entrant.email,
      status: 0,
      body: `${error}${cause}`,
      ms: Date.now() - at,
      at,
    };
  }
}

export const isAcknowledged = (answer: EntryAnswer) => answer.status >= 200 && answer.status < 300;

export type EntryLoad = {
  /** Every answer so far, in the order they came. */
  answers: EntryAnswer[];
  /** Stops sending and waits for the requests in flight. */
  stop(): Promise<void>;
};

/**
 * Entrants with unique e-mails posting as fast as the servers answer, `concurrency` at a time,
 * spread over `urls`. The answers are the client's log: what was acknowledged must be stored.
 */
export function startEntryLoad(options: {
  urls: string[];
  contestId: string;
  concurrency: number;
}): EntryLoad {
  const tag = randomUUID().slice(0, 8);
  const answers: EntryAnswer[] = [];
  let sent = 0;
  let stopping = false;
  const entrant = async (worker: number) => {
    while (!stopping) {
      sent += 1;
      const url = options.urls[sent % options.urls.length]!;
      const answer = await postEntry(url, options.contestId, {
        name: `Load ${sent}`,
        email: `load-${tag}-${sent}@example.com`,
      });
      answers.push(answer);
      // A refused connection answers at once: without a pause the loop would spin.
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 20 + worker));
    }
  };
  const running = Promise.all(Array.from({ length: options.concurrency }, (_, i) => entrant(i)));
  return {
    answers,
    stop: async () => {
      stopping = true;
      await running;
    },
  };
}
