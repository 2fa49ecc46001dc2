/** A small, fast, seeded generator and its draws: the volume book is the same for the same seed (docs/decisions/191). */

/** A small, fast, seeded generator (mulberry32): the same book for the same seed. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;
export const between = (rand: Rand, low: number, high: number) => low + Math.floor(rand() * (high - low + 1));
export const pick = <T>(rand: Rand, list: readonly T[]): T => {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
};
