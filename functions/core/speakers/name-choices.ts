/**
 * What the host is offered when naming speakers (issue 30): the names of this meeting's people and the names the
 * host typed in earlier meetings, most recent first — a list to pick from, never a match by voice. Also the
 * suggestions the host dismissed, kept with the meeting's transcript (docs/speech.md, "What is stored").
 */
import type { NameSuggestion } from './introductions.js';
import { displayLabel } from './resolve-names.js';

/** The most names kept per host (older ones fall off). */
export const RECENT_NAMES_MAX = 50;
/** The most dismissals kept per meeting (far more than its speakers × names). */
export const DISMISSED_MAX = 200;

export interface DismissedSuggestion { readonly speaker: string; readonly name: string }

/** Ports: a host's recent names (most recent first) and a meeting's dismissed suggestions. */
export interface NameChoicesStore {
  recentNames(userId: string): Promise<readonly string[]>;
  saveRecentNames(userId: string, names: readonly string[]): Promise<void>;
  dismissed(meetingId: string): Promise<readonly DismissedSuggestion[]>;
  /** Throws when the meeting has no transcript any more. */
  saveDismissed(meetingId: string, dismissed: readonly DismissedSuggestion[]): Promise<void>;
}

const key = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/** A speaker's own label ("Speaker 3") is no name to offer again. */
export const isLabel = (name: string) => displayLabel(name) !== name.trim() || /^speaker \d+$/i.test(name.trim());

/** `used` (in the order given) before `previous`, once each (case and spaces aside), without labels, at most RECENT_NAMES_MAX. */
export function mergeRecentNames(previous: readonly string[], used: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of [...used, ...previous]) {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || isLabel(name) || seen.has(key(name))) continue;
    seen.add(key(name));
    out.push(name);
  }
  return out.slice(0, RECENT_NAMES_MAX);
}

/** The names of a rename that are new for their speaker (the ones the host typed or accepted). */
export function typedNames(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): string[] {
  return Object.entries(after).filter(([label, name]) => before[label] !== name).map(([, name]) => name);
}

/** Meeting names first, then recent ones, once each (case aside), labels left out. */
export function nameOptions(meetingNames: readonly string[], recent: readonly string[]): { name: string; source: 'meeting' | 'recent' }[] {
  const seen = new Set<string>();
  const out: { name: string; source: 'meeting' | 'recent' }[] = [];
  const add = (raw: string, source: 'meeting' | 'recent') => {
    const name = raw.trim().replace(/\s+/g, ' ');
    if (!name || isLabel(name) || name.includes('@') || seen.has(key(name))) return;
    seen.add(key(name));
    out.push({ name, source });
  };
  meetingNames.forEach((n) => add(n, 'meeting'));
  recent.forEach((n) => add(n, 'recent'));
  return out;
}

/** The suggestions minus the dismissed ones (same speaker, same name, case aside). */
export function withoutDismissed(suggestions: readonly NameSuggestion[], dismissed: readonly DismissedSuggestion[]): NameSuggestion[] {
  return suggestions.filter((s) => !dismissed.some((d) => d.speaker === s.speaker && key(d.name) === key(s.name)));
}
