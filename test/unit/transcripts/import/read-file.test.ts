import { TRANSCRIPT_IMPORT_MESSAGES } from '../../../../functions/contracts/transcripts.js';
import { decodeTranscriptBytes } from '../../../../functions/core/transcripts/import/decode.js';
import { detectFormat } from '../../../../functions/core/transcripts/import/detect-format.js';
import { buildImportedTranscript, UNKNOWN_SPEAKER } from '../../../../functions/core/transcripts/import/imported-document.js';
import { readTranscriptFile } from '../../../../functions/core/transcripts/import/read-file.js';
import { renderTranscriptJson } from '../../../../functions/core/transcripts/export-formats.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('detectFormat', () => {
  it('follows a specific declared type', () => {
    expect(detectFormat('text/vtt; charset=utf-8', 'x.txt', 'Alice: hi')).toBe('vtt');
    expect(detectFormat('application/x-subrip', undefined, '')).toBe('srt');
    expect(detectFormat('application/json', 'a.vtt', '[]')).toBe('json');
  });

  it('without a type (or octet-stream, or text/plain) goes by the extension, then by the content', () => {
    expect(detectFormat(undefined, 'meeting.srt', 'anything')).toBe('srt');
    expect(detectFormat('application/octet-stream', 'meeting.vtt', 'anything')).toBe('vtt');
    expect(detectFormat('application/octet-stream', 'meeting', 'WEBVTT\n\n')).toBe('vtt');
    expect(detectFormat('', 'notes.dat', '1\n00:00:01,000 --> 00:00:02,000\nhi')).toBe('srt');
    expect(detectFormat(undefined, undefined, '  [{"speaker": "A", "text": "b"}]')).toBe('json');
    expect(detectFormat(undefined, undefined, '[00:00:01] Alice: hello')).toBe('text');
    expect(detectFormat('text/plain', 'x.txt', 'WEBVTT\n\n')).toBe('vtt');
    expect(detectFormat('text/plain', 'x.txt', 'no speaker at all')).toBe('text');
  });

  it('refuses content it cannot tell (400) and declared types it does not read (415)', () => {
    expect(() => detectFormat('application/octet-stream', 'blob.bin', '\u0000\u0001 garbage')).toThrow(TRANSCRIPT_IMPORT_MESSAGES.unknownFormat);
    const refusal = (() => { try { detectFormat('image/png', 'a.png', ''); } catch (e) { return e as { statusCode: number; message: string }; } })();
    expect(refusal).toMatchObject({ statusCode: 415, message: TRANSCRIPT_IMPORT_MESSAGES.unsupportedType('image/png') });
  });
});

describe('decodeTranscriptBytes', () => {
  it('drops a UTF-8 byte-order mark, reads UTF-16 with one, and falls back to Windows-1252', () => {
    expect(decodeTranscriptBytes(new Uint8Array([0xef, 0xbb, 0xbf, ...bytes('WEBVTT')]))).toBe('WEBVTT');
    expect(decodeTranscriptBytes(new Uint8Array([0xff, 0xfe, 0x41, 0x00, 0x3a, 0x00]))).toBe('A:');
    expect(decodeTranscriptBytes(new Uint8Array([0x4a, 0x6f, 0xe9]))).toBe('Joé');
  });
});

describe('buildImportedTranscript', () => {
  it('labels speakers by first appearance with the file\'s names (case-insensitively one speaker) and keeps one line per turn', () => {
    const { document, speakerNames } = buildImportedTranscript('m1', [
      { speaker: 'Alice', text: 'one two three', line: 1 }, { speaker: 'Bob', text: '', line: 2 }, { speaker: 'alice', text: 'four', line: 3 },
    ]);
    expect(speakerNames).toEqual({ 'Speaker 1': 'Alice', 'Speaker 2': 'Bob' });
    expect(document.turns.map((t) => [t.speaker, t.speakerLabel, t.text])).toEqual([['Speaker 1', 'spk_0', 'one two three'], ['Speaker 2', 'spk_1', ''], ['Speaker 1', 'spk_0', 'four']]);
    expect(document).toMatchObject({ source: 'import', timesEstimated: true, speakers: ['Speaker 1', 'Speaker 2'], importedSpeakerNames: speakerNames });
  });

  it('estimates times of turns without them (0.4 s a word, at least 1 s, back to back), marked estimated, words spread evenly', () => {
    const { document } = buildImportedTranscript('m1', [
      { speaker: 'A', text: 'a b c d e', line: 1 }, { speaker: 'B', text: 'ok', line: 2 }, { speaker: 'A', text: 'timed', start: 10, end: 12, line: 3 },
    ]);
    expect(document.turns.map((t) => [t.start, t.end, t.estimated])).toEqual([[0, 2, true], [2, 3, true], [10, 12, undefined]]);
    expect(document.turns[0]!.words.map((w) => [w.start, w.end])).toEqual([[0, 0.4], [0.4, 0.8], [0.8, 1.2], [1.2, 1.6], [1.6, 2]]);
    expect(document.durationSeconds).toBe(12);
  });

  it('says which lines have estimated times in the JSON download', () => {
    const { document, speakerNames } = buildImportedTranscript('m1', [{ speaker: 'A', text: 'hi', line: 1 }, { speaker: 'B', text: 'yo', start: 5, end: 6, line: 2 }]);
    const json = JSON.parse(renderTranscriptJson(document, speakerNames));
    expect(json.timesEstimated).toBe(true);
    expect(json.lines.map((l: { speaker: string; estimated?: boolean }) => [l.speaker, l.estimated])).toEqual([['A', true], ['B', undefined]]);
  });

  it('ends a turn that has only a start time no later than the next turn\'s start', () => {
    const { document } = buildImportedTranscript('m1', [
      { speaker: 'A', text: 'a b c d e f g h i j', start: 0, line: 1 }, { speaker: 'B', text: 'yes', start: 1.5, line: 2 },
    ]);
    expect(document.turns.map((t) => [t.start, t.end])).toEqual([[0, 1.5], [1.5, 2.5]]);
  });

  it('calls a file\'s unnamed speakers "Speaker 1", and unnamed words before the first name "Unknown speaker"', () => {
    expect(buildImportedTranscript('m', [{ speaker: null, text: 'hi', line: 1 }]).speakerNames).toEqual({ 'Speaker 1': 'Speaker 1' });
    const mixed = buildImportedTranscript('m', [{ speaker: null, text: 'hi', line: 1 }, { speaker: 'Ann', text: 'yo', line: 2 }, { speaker: null, text: 'and', line: 3 }]);
    expect(mixed.speakerNames).toEqual({ 'Speaker 1': UNKNOWN_SPEAKER, 'Speaker 2': 'Ann' });
    expect(mixed.document.turns[2]!.speaker).toBe('Speaker 2');
  });

  it('refuses a name over 100 characters, naming its line, and a file without words', () => {
    expect(() => buildImportedTranscript('m', [{ speaker: 'x'.repeat(101), text: 'hi', line: 7 }])).toThrow(/^Line 7: the speaker name "x{40}…" is longer than 100 characters\.$/);
    expect(() => buildImportedTranscript('m', [{ speaker: 'A', text: '', line: 1 }])).toThrow(TRANSCRIPT_IMPORT_MESSAGES.noText);
  });
});

describe('readTranscriptFile', () => {
  it('refuses an empty or blank file', () => {
    expect(() => readTranscriptFile('m', { bytes: new Uint8Array(0), contentType: 'text/vtt' })).toThrow(TRANSCRIPT_IMPORT_MESSAGES.empty);
    expect(() => readTranscriptFile('m', { bytes: bytes(' \n\n '), fileName: 'a.srt' })).toThrow(TRANSCRIPT_IMPORT_MESSAGES.empty);
  });

  it('refuses a WebVTT file with only a header as having no text', () => {
    expect(() => readTranscriptFile('m', { bytes: bytes('WEBVTT\n\nNOTE nothing\n'), contentType: 'text/vtt' })).toThrow(TRANSCRIPT_IMPORT_MESSAGES.noText);
  });

  it('reads a file into the document and names', () => {
    const read = readTranscriptFile('m', { bytes: bytes('WEBVTT\n\n00:00:00.000 --> 00:00:02.000\n<v Ann>hello there</v>\n'), fileName: 'call.vtt' });
    expect(read.format).toBe('vtt');
    expect(read.speakerNames).toEqual({ 'Speaker 1': 'Ann' });
    expect(read.document.timesEstimated).toBe(false);
  });
});
