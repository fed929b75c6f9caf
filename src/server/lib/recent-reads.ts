/**
 * Values read from the database and reused for a few seconds: what many requests a second ask
 * of one contest (its leaderboard, the title its mails carry) is read once per interval, not once
 * per request. At most `maxKeys` are kept; the oldest reads go first.
 */
export function createRecentReads<Value>(options: { maxAgeMs: number; maxKeys: number }) {
  const reads = new Map<string, { readAt: number; value: Promise<Value> }>();
  return function readRecent(key: string, read: () => Promise<Value>): Promise<Value> {
    const now = Date.now();
    const found = reads.get(key);
    if (found && now - found.readAt < options.maxAgeMs) return found.value;
    const value = read();
    // A failed read is not kept: the next request tries again.
    value.catch(() => reads.delete(key));
    reads.delete(key);
    reads.set(key, { readAt: now, value });
    if (reads.size > options.maxKeys) reads.delete(reads.keys().next().value!);
    return value;
  };
}
