import type { ImageKind } from '#shared/contracts/contest-images.ts';

/** A picture chosen in this browser, with its size as the browser read it (0: it could not). */
export type ChosenImage = { file: File; width: number; height: number };

/** A chosen picture the server has not taken, and its reason. */
export type UnsentImage = ChosenImage & { message: string };

/**
 * The builder uploads the chosen pictures once the contest exists; one that fails there waits
 * here for the contest's edit page, which shows it with the reason and a way to try again, so
 * the owner loses nothing. Held by this tab only, until the owner acts on it.
 */
const unsent = new Map<string, UnsentImage>();
const keyOf = (contestId: string, kind: ImageKind) => `${contestId}:${kind}`;

export function keepUnsentImage(contestId: string, kind: ImageKind, image: UnsentImage): void {
  unsent.set(keyOf(contestId, kind), image);
}

export function unsentImage(contestId: string, kind: ImageKind): UnsentImage | undefined {
  return unsent.get(keyOf(contestId, kind));
}

export function forgetUnsentImage(contestId: string, kind: ImageKind): void {
  unsent.delete(keyOf(contestId, kind));
}
