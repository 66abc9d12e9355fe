/**
 * Which action items are the caller's. An item's owner is a name as said or labelled in the meeting ("Ana", "Ana
 * López", "Speaker 2"), not an account: it is the caller's when, case, accents, dots and spaces aside, it equals the
 * name on their profile, its first word, their e-mail address or the part of it before the "@" (docs/insights.md).
 */

/** Lower case, no accents, dots/underscores/hyphens as spaces, single spaces. */
export function normaliseName(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/[._-]+/g, ' ').replace(/[^\p{L}\p{N}@ ]/gu, '')
    .replace(/\s+/g, ' ').trim();
}

/** The names that mean the caller: full name, first name, e-mail, e-mail's local part (normalised, no empties). */
export function namesOf(displayName: string | undefined, email: string): string[] {
  const full = normaliseName(displayName ?? '');
  const local = normaliseName(email.split('@')[0] ?? '');
  return [...new Set([full, full.split(' ')[0] ?? '', normaliseName(email), local].filter((n) => n.length > 0))];
}

/** Is `owner` one of `names` (from namesOf)? An unnamed item ("Speaker 2", null) is nobody's. */
export function isOwnedBy(owner: string | null | undefined, names: readonly string[]): boolean {
  if (!owner || /^speaker \d+$/i.test(owner.trim())) return false;
  return names.includes(normaliseName(owner));
}
