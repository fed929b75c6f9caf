/**
 * Measures two sides in turns, A, B, A, B, ..., after a warm-up of each, swapping which goes
 * first every round so neither always follows the other's leftovers: these machines are noisy,
 * and only figures taken side by side compare. Answers each side's rounds, in the sides' order.
 */
export async function interleaveRounds<Side, Round>(
  sides: readonly [Side, Side],
  measure: (side: Side, seconds: number) => Promise<Round>,
  {
    rounds,
    roundSeconds,
    warmupSeconds,
  }: {
    rounds: number;
    roundSeconds: number;
    warmupSeconds: number;
  },
): Promise<[Round[], Round[]]> {
  for (const side of sides) await measure(side, warmupSeconds);
  const measured: [Round[], Round[]] = [[], []];
  for (let round = 0; round < rounds; round += 1) {
    const order = round % 2 === 0 ? ([0, 1] as const) : ([1, 0] as const);
    for (const index of order) measured[index].push(await measure(sides[index], roundSeconds));
  }
  return measured;
}

/** Four rounds of 6 s after 2 s of warm-up, unless BENCH_ROUNDS or BENCH_ROUND_S say otherwise. */
export const ROUND_TIMING = {
  rounds: Number(process.env.BENCH_ROUNDS ?? 4),
  roundSeconds: Number(process.env.BENCH_ROUND_S ?? 6),
  warmupSeconds: 2,
};
