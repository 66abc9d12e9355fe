/**
 * Concatenated minimum-permutation word error rate (cpWER, CHiME-6): each speaker's words are concatenated, in the
 * reference and in the hypothesis, and the hypothesis speakers are matched one-to-one with the reference speakers
 * (an unmatched side counts against the empty transcript) by the assignment with the fewest errors. It scores the
 * words and who said them at once: a word given to the wrong speaker is a deletion on one side and an insertion on
 * the other.
 */
import { sumWerCounts, wordErrors, type WerCounts } from './wer.js';

/** The counts of the best assignment of hypothesis speakers to reference speakers (words already normalised). */
export function cpWordErrors(reference: ReadonlyMap<string, readonly string[]>, hypothesis: ReadonlyMap<string, readonly string[]>): WerCounts {
  const refs = [...reference.values()];
  const hyps = [...hypothesis.values()];
  const k = Math.max(refs.length, hyps.length);
  if (k === 0) return { substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 };
  if (k > 16) throw new Error(`cpWER over ${k} speakers is not computed (at most 16)`);
  const cell = (r: number, h: number) => wordErrors(refs[r] ?? [], hyps[h] ?? []);
  const counts = Array.from({ length: k }, (_, r) => Array.from({ length: k }, (_, h) => cell(r, h)));
  const cost = (c: WerCounts) => c.substitutions + c.deletions + c.insertions;
  // Assignment by dynamic programming over the set of hypothesis speakers used (k ≤ 16).
  const best = new Float64Array(1 << k).fill(Infinity);
  const choice = new Int32Array(1 << k).fill(-1);
  best[0] = 0;
  for (let used = 0; used < 1 << k; used++) {
    if (best[used] === Infinity) continue;
    const r = popcount(used);
    if (r >= k) continue;
    for (let h = 0; h < k; h++) {
      if (used & (1 << h)) continue;
      const next = used | (1 << h);
      const total = best[used]! + cost(counts[r]![h]!);
      if (total < best[next]!) { best[next] = total; choice[next] = h; }
    }
  }
  const picked: WerCounts[] = [];
  for (let used = (1 << k) - 1, r = k - 1; used !== 0; r--) {
    const h = choice[used]!;
    picked.push(counts[r]![h]!);
    used &= ~(1 << h);
  }
  return sumWerCounts(picked);
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
