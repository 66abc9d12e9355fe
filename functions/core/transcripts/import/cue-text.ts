import { splitSpeakerPrefix } from './speaker-prefix.js';

/** One speaker's words in a cue. */
export interface CueVoice { readonly speaker: string | null; readonly text: string }

const VOICE_TAG = /<v(?:\.[^\s>]*)?(?:[ \t]+([^>]*))?>/g;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', lrm: '', rlm: '' };

/** Cue text without markup: tags (`<i>`, `<c.x>`, `<00:00:01.000>`, `</v>`, `{\an8}`) removed, entities decoded, spaces collapsed. */
export function plainCueText(text: string): string {
  return text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\{\\[^}]*\}/g, ' ')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
      if (name[0] === '#') {
        const code = name[1]?.toLowerCase() === 'x' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The voices of a cue payload: `<v Name>` spans (WebVTT, as Zoom, Teams and Webex export), else a leading
 * "Name:" (Zoom's older files, SubRip exports), else the words with no speaker. Empty voices are dropped.
 */
export function cueVoices(payload: string): CueVoice[] {
  const tags = [...payload.matchAll(VOICE_TAG)];
  const parts: Array<{ speaker: string | null; raw: string }> = [];
  if (tags.length === 0) parts.push({ speaker: null, raw: payload });
  else {
    parts.push({ speaker: null, raw: payload.slice(0, tags[0]!.index) });
    tags.forEach((tag, i) => {
      const end = tags[i + 1]?.index ?? payload.length;
      const name = plainCueText(tag[1] ?? '');
      parts.push({ speaker: name || null, raw: payload.slice(tag.index! + tag[0].length, end) });
    });
  }
  return parts.flatMap(({ speaker, raw }) => {
    const text = plainCueText(raw);
    if (!text) return [];
    if (speaker !== null) return [{ speaker, text }];
    const prefixed = splitSpeakerPrefix(text);
    return [prefixed ?? { speaker: null, text }];
  });
}
