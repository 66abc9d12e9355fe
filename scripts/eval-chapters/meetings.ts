/** QMSum-format meetings as eval:chapters and train:chapter-cues read them. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ChapterTurn } from '../../functions/core/chapters/model.js';
import type { QmsumTopic } from './segmentation.js';

export interface Meeting { id: string; turns: Array<{ speaker: string; text: string }>; topics: QmsumTopic[] }

/** QMSum's transcription marks ({disfmarker}, {vocalsound}, …) are no words: dropped; a turn left empty keeps a dash. */
export const clean = (text: string) => text.replace(/\{\w+\}/g, ' ').replace(/\s+/g, ' ').trim() || '-';

/** The meetings of DIR (`<id>.json`), by id, those matching `only` when given. */
export async function loadMeetings(dir: string, only?: RegExp): Promise<Meeting[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const meetings: Meeting[] = [];
  for (const file of files) {
    const id = file.replace(/\.json$/, '');
    if (only && !only.test(id)) continue;
    const data = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as {
      meeting_transcripts: Array<{ speaker: string; content: string }>; topic_list: QmsumTopic[];
    };
    meetings.push({ id, turns: data.meeting_transcripts.map((t) => ({ speaker: t.speaker, text: clean(t.content) })), topics: data.topic_list });
  }
  return meetings;
}

/** Synthetic times as the transcript import gives turns without times: 0.4 s a word, 0.5 s between turns. */
export function timed(turns: Meeting['turns']): ChapterTurn[] {
  let t = 0;
  return turns.map((turn) => {
    const start = t; const end = start + 0.4 * Math.max(1, turn.text.split(' ').length);
    t = end + 0.5;
    return { ...turn, start, end };
  });
}
