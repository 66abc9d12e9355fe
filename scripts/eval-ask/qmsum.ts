/**
 * QMSum-format meetings as the Ask evaluation reads them: turns (speaker, text) and the specific questions,
 * each with the turn spans its answer rests on. QMSum's transcripts carry annotation marks ({disfmarker},
 * {vocalsound}, …) that no product transcript holds; they are removed before the turns go anywhere.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export interface EvalTurn { readonly speaker: string; readonly text: string }
export interface EvalQuestion { readonly query: string; readonly spans: ReadonlyArray<readonly [number, number]> }
export interface EvalMeeting { readonly id: string; readonly turns: readonly EvalTurn[]; readonly questions: readonly EvalQuestion[] }

interface QmsumFile {
  meeting_transcripts: Array<{ speaker: string; content: string }>;
  specific_query_list?: Array<{ query: string; relevant_text_span: Array<[string, string]> }>;
}

/** A turn's text without QMSum's annotation marks and with its spacing tidied ("it ' s" stays as QMSum wrote it). */
export const cleanTurnText = (content: string): string =>
  content.replace(/\{[a-z_]+\}/gi, ' ').replace(/\s+/g, ' ').trim();

/** Every *.json meeting of the folder, in file-name order. Turns left empty by cleaning keep their place (text ''). */
export async function readMeetings(dir: string): Promise<EvalMeeting[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (file) => {
    const data = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as QmsumFile;
    return {
      id: file.replace(/\.json$/, ''),
      turns: data.meeting_transcripts.map((t) => ({ speaker: t.speaker, text: cleanTurnText(t.content) })),
      questions: (data.specific_query_list ?? []).map((q) => ({
        query: q.query, spans: q.relevant_text_span.map(([a, b]) => [Number(a), Number(b)] as const),
      })),
    };
  }));
}
