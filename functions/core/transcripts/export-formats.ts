/**
 * Transcript downloads besides the spec's speaker_labeled_transcript.txt: SubRip (.srt), WebVTT (.vtt) and a
 * JSON document of the words with their times and speakers. Every format carries the labelled speaker names.
 */
import { renderTranscriptText, stripMarkup } from './format.js';
import type { SpeakerNames } from './speaker-names.js';
import type { SpeakerTurn, TranscriptDocument } from './turns.js';

export const TRANSCRIPT_FORMATS = ['txt', 'srt', 'vtt', 'json'] as const;
export type TranscriptFormat = (typeof TRANSCRIPT_FORMATS)[number];

export const isTranscriptFormat = (value: string): value is TranscriptFormat => (TRANSCRIPT_FORMATS as readonly string[]).includes(value);

/** File name and content type of each download. */
export const TRANSCRIPT_EXPORTS: Readonly<Record<TranscriptFormat, { fileName: string; contentType: string }>> = {
  txt: { fileName: 'speaker_labeled_transcript.txt', contentType: 'text/plain; charset=utf-8' },
  srt: { fileName: 'speaker_labeled_transcript.srt', contentType: 'application/x-subrip; charset=utf-8' },
  vtt: { fileName: 'speaker_labeled_transcript.vtt', contentType: 'text/vtt; charset=utf-8' },
  json: { fileName: 'speaker_labeled_transcript.json', contentType: 'application/json; charset=utf-8' },
};

/** A subtitle cue is closed after this many seconds or characters, so it fits on screen and in time. */
export const CUE_MAX_SECONDS = 6;
export const CUE_MAX_CHARS = 84;

export interface Cue { readonly start: number; readonly end: number; readonly speaker: string; readonly text: string }

/** Splits each turn into cues of at most CUE_MAX_SECONDS / CUE_MAX_CHARS (a single long word stays whole). */
export function subtitleCues(turns: readonly SpeakerTurn[], names: SpeakerNames = {}): Cue[] {
  const cues: Cue[] = [];
  for (const turn of turns) {
    const speaker = names[turn.speaker] ?? turn.speaker;
    const words = turn.words.length > 0 ? turn.words : [{ text: turn.text, start: turn.start, end: turn.end }];
    let current: { text: string; start: number; end: number }[] = [];
    const close = () => {
      if (current.length === 0) return;
      cues.push({ start: current[0]!.start, end: current.at(-1)!.end, speaker, text: current.map((w) => w.text).join(' ') });
      current = [];
    };
    for (const word of words) {
      const length = current.reduce((n, w) => n + w.text.length + 1, 0) + word.text.length;
      if (current.length > 0 && (word.end - current[0]!.start > CUE_MAX_SECONDS || length > CUE_MAX_CHARS)) close();
      current.push(word);
    }
    close();
  }
  // Players want increasing, non-overlapping cues with some length.
  return cues.map((cue, i) => {
    const next = cues[i + 1];
    let end = Math.max(cue.end, cue.start + 0.5);
    if (next && end > next.start) end = Math.max(cue.start + 0.001, next.start);
    return { ...cue, end };
  });
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Seconds → `HH:MM:SS<sep>mmm`. */
export function subtitleTime(seconds: number, separator: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  return `${pad(h)}:${pad(m)}:${pad(s)}${separator}${pad(ms % 1000, 3)}`;
}

/** SubRip: numbered cues, `Name: text`. */
export function renderSrt(turns: readonly SpeakerTurn[], names: SpeakerNames = {}): string {
  return subtitleCues(turns, names)
    .map((c, i) => `${i + 1}\n${subtitleTime(c.start, ',')} --> ${subtitleTime(c.end, ',')}\n${c.speaker}: ${c.text}\n`)
    .join('\n');
}

/** Characters WebVTT cue text must escape. */
const vttEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * WebVTT: each cue's speaker in its voice span only (`<v Name>text</v>`): players and editors show the voice's name
 * themselves, so repeating it in the text printed it twice.
 */
export function renderVtt(turns: readonly SpeakerTurn[], names: SpeakerNames = {}): string {
  const cues = subtitleCues(turns, names).map((c) =>
    `${subtitleTime(c.start, '.')} --> ${subtitleTime(c.end, '.')}\n<v ${vttEscape(c.speaker)}>${vttEscape(c.text)}</v>\n`);
  return ['WEBVTT\n', ...cues].join('\n');
}

/** The JSON download: speakers with their names, and the lines with their words, times in seconds. */
export function renderTranscriptJson(document: TranscriptDocument, names: SpeakerNames = {}): string {
  const name = (label: string) => names[label] ?? label;
  const ms = (seconds: number) => Math.round(seconds * 1000) / 1000;
  return `${JSON.stringify({
    meetingId: document.meetingId,
    durationSeconds: document.durationSeconds,
    // An imported transcript whose file gave no times: its estimated lines say so (docs/meetings.md "Transcript import").
    ...(document.timesEstimated ? { timesEstimated: true } : {}),
    speakers: document.speakers.map((label) => ({ label, name: name(label) })),
    lines: document.turns.map((t) => ({
      speaker: name(t.speaker), speakerLabel: t.speaker, start: ms(t.start), end: ms(t.end), ...(t.estimated ? { estimated: true } : {}), text: t.text,
      words: t.words.map((w) => ({ text: w.text, start: ms(w.start), end: ms(w.end), speaker: name(t.speaker), confidence: w.confidence })),
    })),
  }, null, 2)}\n`;
}

/** The document with markup stripped from every line, word and speaker name (edited lines may carry any text). */
function withoutMarkup(document: TranscriptDocument, names: SpeakerNames): { document: TranscriptDocument; names: SpeakerNames } {
  return {
    document: {
      ...document,
      turns: document.turns.map((t) => ({ ...t, text: stripMarkup(t.text), words: t.words.map((w) => ({ ...w, text: stripMarkup(w.text) })) })),
    },
    names: Object.fromEntries(Object.entries(names).map(([label, name]) => [label, stripMarkup(name)])),
  };
}

/** The file of a format, with markup stripped from the text (issue 28). */
export function renderTranscriptExport(format: TranscriptFormat, original: TranscriptDocument, originalNames: SpeakerNames = {}): string {
  const { document, names } = withoutMarkup(original, originalNames);
  switch (format) {
    case 'txt': return renderTranscriptText(document.turns, names);
    case 'srt': return renderSrt(document.turns, names);
    case 'vtt': return renderVtt(document.turns, names);
    case 'json': return renderTranscriptJson(document, names);
  }
}
