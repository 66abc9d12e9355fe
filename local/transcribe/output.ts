import { withInaudibleMarks } from '../engines/inaudible.js';
import type { TranscriptionResult } from '../engines/types.js';
import { punctuate } from './punctuation.js';

interface PronunciationItem {
  start_time: string;
  end_time: string;
  alternatives: Array<{ confidence: string; content: string }>;
  type: 'pronunciation';
  speaker_label?: string;
}
interface PunctuationItem { alternatives: Array<{ confidence: string; content: string }>; type: 'punctuation'; speaker_label?: string }
interface SpeakerSegment {
  start_time: string; end_time: string; speaker_label: string; items: Array<{ start_time: string; end_time: string; speaker_label: string }>;
}

/** Amazon Transcribe's batch output document (the parts MeetScribe reads). */
export interface TranscribeOutput {
  jobName: string;
  accountId: string;
  status: 'COMPLETED';
  results: {
    transcripts: Array<{ transcript: string }>;
    speaker_labels?: { speakers: number; segments: SpeakerSegment[] };
    items: Array<PronunciationItem | PunctuationItem>;
  };
}

const seconds = (t: number) => t.toFixed(3);
const confidence = (c: number) => String(Math.round(c * 10_000) / 10_000);

/**
 * Builds the Transcribe output JSON from recognised words: sentence-final punctuation items at pauses
 * and speaker changes (for a punctuating engine: its own marks, kept, see punctuate), sentence-case content, times as strings with 3 decimals, and — when
 * `showSpeakerLabels` — `spk_N` labels on items plus speaker_labels segments (one per speaker run).
 */
export function buildTranscribeOutput(jobName: string, accountId: string, result: TranscriptionResult, showSpeakerLabels: boolean): TranscribeOutput {
  // Stretches of speech without words are marked where they are ("[inaudible 0:40–0:59]", inaudible.ts).
  const tokens = punctuate(withInaudibleMarks(result.words, result.inaudible ?? [], result.turns), undefined, result.punctuated === true);
  const items: Array<PronunciationItem | PunctuationItem> = [];
  const segments: SpeakerSegment[] = [];
  let text = '';
  let sentenceStart = true;
  for (const token of tokens) {
    if (token.type === 'punctuation') {
      const item: PunctuationItem = { alternatives: [{ confidence: '0.0', content: token.content }], type: 'punctuation' };
      const previous = items[items.length - 1];
      if (showSpeakerLabels && previous?.speaker_label) item.speaker_label = previous.speaker_label;
      items.push(item);
      text += token.content;
      sentenceStart = /[.!?]/.test(token.content);
      continue;
    }
    const { word } = token;
    const content = sentenceCase(word.text, sentenceStart);
    sentenceStart = false;
    const item: PronunciationItem = {
      start_time: seconds(word.start), end_time: seconds(word.end),
      alternatives: [{ confidence: confidence(word.confidence), content }], type: 'pronunciation',
    };
    text += (text ? ' ' : '') + content;
    if (showSpeakerLabels) {
      const label = `spk_${word.speaker}`;
      item.speaker_label = label;
      const last = segments[segments.length - 1];
      const entry = { start_time: item.start_time, end_time: item.end_time, speaker_label: label };
      if (last && last.speaker_label === label) {
        last.end_time = item.end_time;
        last.items.push(entry);
      } else {
        segments.push({ start_time: item.start_time, end_time: item.end_time, speaker_label: label, items: [entry] });
      }
    }
    items.push(item);
  }
  const results: TranscribeOutput['results'] = { transcripts: [{ transcript: text }], items };
  if (showSpeakerLabels) results.speaker_labels = { speakers: new Set(segments.map((s) => s.speaker_label)).size, segments };
  return { jobName, accountId, status: 'COMPLETED', results };
}

function sentenceCase(word: string, capitalise: boolean): string {
  if (word === 'i' || word.startsWith("i'")) return `I${word.slice(1)}`;
  return capitalise ? word.charAt(0).toUpperCase() + word.slice(1) : word;
}
