/**
 * Text hits of a slide that stays on screen: the frames sampled from it (0:00, 1:00, 2:00…) carry the same words in
 * the same places, so they are shown as one thumbnail with each time it was seen.
 */
import type { ContentHit } from '@contracts/search.js';

export interface FrameGroup { hit: ContentHit; timestamps: number[] }

/** Same meeting, same words at the same places (to a hundredth of the frame). */
function signature(hit: ContentHit): string {
  const r = (n: number) => Math.round(n * 100);
  return `${hit.meetingId}|${hit.words.map((w) => `${w.text.toLowerCase()}@${r(w.box.x)},${r(w.box.y)},${r(w.box.width)},${r(w.box.height)}`).join(';')}`;
}

/** Groups hits showing the same slide (in any order), keeping the first hit's frame and the order of first appearance. */
export function groupStaticFrames(hits: readonly ContentHit[]): FrameGroup[] {
  const groups = new Map<string, FrameGroup>();
  for (const hit of hits) {
    const key = signature(hit);
    const group = groups.get(key);
    if (group) group.timestamps.push(hit.timestamp);
    else groups.set(key, { hit, timestamps: [hit.timestamp] });
  }
  return [...groups.values()].map((g) => ({ ...g, timestamps: [...g.timestamps].sort((a, b) => a - b) }));
}
