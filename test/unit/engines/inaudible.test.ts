import { mergeStretches, withInaudibleMarks } from '../../../local/engines/inaudible.js';
import { inaudiblePiece, inaudibleStretches, type PieceOutcome } from '../../../local/engines/whisper/engine.js';
import { buildTranscribeOutput } from '../../../local/transcribe/output.js';
import { inaudibleMark, isInaudibleMark } from '../../../functions/core/transcripts/inaudible-mark.js';
import { parseTranscribeOutput } from '../../../functions/core/transcripts/transcribe-output.js';
import { buildTurns } from '../../../functions/core/transcripts/turns.js';
import type { RecognizedWord } from '../../../local/engines/types.js';

const piece = (start: number, end: number): PieceOutcome['piece'] => ({ start, end, speech: [{ start, end }], stretches: [{ start, end }] });
const word = (text: string, start: number, speaker = 0): RecognizedWord => ({ text, start, end: start + 0.4, confidence: 0.9, speaker });

describe('inaudible marks', () => {
  it('writes the stretch as m:ss–m:ss, H:mm:ss from an hour on', () => {
    expect(inaudibleMark(40.2, 58.3)).toBe('[inaudible 0:40–0:59]');
    expect(inaudibleMark(3725, 3731.5)).toBe('[inaudible 1:02:05–1:02:12]');
    expect(isInaudibleMark('[inaudible 0:40–0:59]')).toBe(true);
    expect(isInaudibleMark('[inaudible]')).toBe(false);
    expect(isInaudibleMark('inaudible')).toBe(false);
  });

  it('marks pieces with speech but no words, and loops the guard dropped; not music or stock phrases', () => {
    expect(inaudiblePiece({ piece: piece(0, 5), text: '' })).toBe(true);
    expect(inaudiblePiece({ piece: piece(0, 5), text: ' . ' })).toBe(true);
    expect(inaudiblePiece({ piece: piece(0, 5), text: 'Hello there.' })).toBe(false);
    expect(inaudiblePiece({ piece: piece(0, 5), text: 'no no no no', dropped: 'repeats a phrase' })).toBe(true);
    expect(inaudiblePiece({ piece: piece(0, 5), text: '[Music]', dropped: 'sound descriptions only, no speech' })).toBe(false);
    expect(inaudiblePiece({ piece: piece(0, 5), text: 'Thank you.', dropped: 'stock phrase over audio that is hardly speech' })).toBe(false);
  });

  it('merges neighbouring stretches and leaves out very short ones', () => {
    expect(mergeStretches([{ start: 10, end: 12 }, { start: 12.5, end: 20 }, { start: 30, end: 30.5 }, { start: 40, end: 45 }]))
      .toEqual([{ start: 10, end: 20 }, { start: 40, end: 45 }]);
    expect(inaudibleStretches([
      { piece: piece(40.1, 48), text: '' }, { piece: piece(48.5, 58.9), text: 'hello hello hello hello', dropped: 'repeats a phrase' },
      { piece: piece(60, 70), text: 'We agreed on Friday.' },
    ])).toEqual([{ start: 40.1, end: 58.9 }]);
  });

  it('puts the marks among the words in time order, with the speaker of the turn they fall in', () => {
    const words = [word('We', 1), word('agreed.', 1.5), word('Then', 70, 1)];
    const marked = withInaudibleMarks(words, [{ start: 40, end: 59 }], [{ start: 0, end: 30, speaker: 0 }, { start: 35, end: 80, speaker: 1 }]);
    expect(marked.map((w) => w.text)).toEqual(['We', 'agreed.', '[inaudible 0:40–0:59]', 'Then']);
    expect(marked[2]).toMatchObject({ speaker: 1, confidence: 0, start: 40, end: 59 });
    expect(withInaudibleMarks(words, [])).toEqual(words);
  });

  it('reaches the transcript lines through the Transcribe-format output', () => {
    const output = buildTranscribeOutput('job', '1', { words: [word('We', 1), word('agreed.', 1.5)], speakers: 1, punctuated: true, inaudible: [{ start: 40.2, end: 58.3 }] }, true);
    const turns = buildTurns(parseTranscribeOutput(JSON.parse(JSON.stringify(output))));
    expect(turns.map((t) => t.text)).toEqual(['We agreed.', '[inaudible 0:40–0:59].']);
  });
});
