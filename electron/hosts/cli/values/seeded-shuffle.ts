import { seededRandom } from '../../../../shared/flows/chaos-plan';

/** A Fisher-Yates shuffle of a copy, the same for the same seed (the chaos replay's generator). */
export function seededShuffle<T>(items: readonly T[], seed: number): T[] {
  const random = seededRandom(seed);
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}
