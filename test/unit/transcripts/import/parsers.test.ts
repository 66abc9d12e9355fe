import { parseJsonTurns } from '../../../../functions/core/transcripts/import/json-turns.js';
import { parsePlainText } from '../../../../functions/core/transcripts/import/plain-text.js';
import { parseSubRip } from '../../../../functions/core/transcripts/import/subrip.js';
import { parseWebVtt } from '../../../../functions/core/transcripts/import/webvtt.js';

const detailOf = (parse: () => unknown): string => {
  try {
    parse();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected the parser to refuse the file');
};

describe('parseWebVtt', () => {
  it('reads <v Name> voice tags as Teams and Webex export them, with the cue times', () => {
    const file = 'WEBVTT\n\n1\n00:00:01.000 --> 00:00:04.500\n<v Priya Shah>We ship on Friday.</v>\n\n2\n00:00:05.000 --> 00:00:07.250\n<v.loud Tom>Agreed &amp; done.</v>\n';
    expect(parseWebVtt(file)).toEqual([
      { speaker: 'Priya Shah', text: 'We ship on Friday.', start: 1, end: 4.5, line: 5 },
      { speaker: 'Tom', text: 'Agreed & done.', start: 5, end: 7.25, line: 9 },
    ]);
  });

  it('reads "Name: text" inside cues as Zoom writes them, skips NOTE and STYLE blocks and the header, and takes mm:ss.ttt times', () => {
    const file = 'WEBVTT - Zoom\nKind: captions\n\nNOTE exported by Zoom\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:03.000 align:start\nAlice Wong: Good morning, everyone.\n\n01:00:02.000 --> 01:00:04.000\nBob: <i>Morning</i> Alice.';
    expect(parseWebVtt(file)).toEqual([
      { speaker: 'Alice Wong', text: 'Good morning, everyone.', start: 1, end: 3, line: 10 },
      { speaker: 'Bob', text: 'Morning Alice.', start: 3602, end: 3604, line: 13 },
    ]);
  });

  it('gives each voice of a cue spoken by two people its share of the cue by word count', () => {
    const turns = parseWebVtt('WEBVTT\n\n00:00:00.000 --> 00:00:04.000\n<v A>one two three</v> <v B>four</v>\n');
    expect(turns.map((t) => [t.speaker, t.start, t.end])).toEqual([['A', 0, 3], ['B', 3, 4]]);
  });

  it('keeps a cue without a name unnamed, crlf line ends included', () => {
    expect(parseWebVtt('WEBVTT\r\n\r\n00:00:00.000 --> 00:00:02.000\r\nhello there\r\n')).toEqual([{ speaker: null, text: 'hello there', start: 0, end: 2, line: 4 }]);
  });

  it('refuses a file without the WEBVTT line, naming line 1', () => {
    expect(detailOf(() => parseWebVtt('00:00:00.000 --> 00:00:01.000\nhi'))).toBe('Line 1: a WebVTT file starts with a line "WEBVTT".');
  });

  it('names the line of a timing that is not one', () => {
    const file = 'WEBVTT\n\n00:00:00.000 --> 00:00:01.000\n<v A>fine</v>\n\n00:00:0x.000 --> 00:00:03.000\n<v A>broken</v>\n';
    expect(detailOf(() => parseWebVtt(file))).toBe('Line 6: "00:00:0x.000 --> 00:00:03.000" is not a cue timing (expected one such as "00:00:01.000 --> 00:00:04.000").');
  });

  it('names the line of a cue that ends before it starts', () => {
    expect(detailOf(() => parseWebVtt('WEBVTT\n\n00:00:05.000 --> 00:00:01.000\nhi\n'))).toBe('Line 3: the cue ends before it starts.');
  });

  it('names the line of a block that has no timing', () => {
    expect(detailOf(() => parseWebVtt('WEBVTT\n\n00:00:00.000 --> 00:00:01.000\nhi\n\nstray text\nmore text\n'))).toBe('Line 6: expected a cue timing such as "00:00:01.000 --> 00:00:04.000", found "stray text".');
  });

  it('refuses minutes or seconds of 60 and more', () => {
    expect(detailOf(() => parseWebVtt('WEBVTT\n\n00:61:00.000 --> 01:02:00.000\nhi\n'))).toMatch(/^Line 3: "00:61:00.000 --> 01:02:00.000" is not a cue timing/);
  });
});

describe('parseSubRip', () => {
  it('reads numbered cues with comma times and "Name: text" speakers, tags removed', () => {
    const file = '1\n00:00:01,000 --> 00:00:03,500\nDana: Let\'s start.\n\n2\n00:00:04,000 --> 00:00:06,000\n<b>Eli:</b> Sure,\nI am ready.\n\n';
    expect(parseSubRip(file)).toEqual([
      { speaker: 'Dana', text: "Let's start.", start: 1, end: 3.5, line: 3 },
      { speaker: 'Eli', text: 'Sure, I am ready.', start: 4, end: 6, line: 7 },
    ]);
  });

  it('tolerates a cue without its number', () => {
    expect(parseSubRip('00:00:01,000 --> 00:00:02,000\nhello\n')).toEqual([{ speaker: null, text: 'hello', start: 1, end: 2, line: 2 }]);
  });

  it('names the line under a cue number that is not a timing', () => {
    expect(detailOf(() => parseSubRip('1\n00:00:01,000 --> 00:00:02,000\nhello\n\n2\nno timing here\nwords\n'))).toBe('Line 6: expected a cue timing such as "00:00:01,000 --> 00:00:04,000" under the cue number, found "no timing here".');
  });

  it('names the line of a block that starts with neither a number nor a timing', () => {
    expect(detailOf(() => parseSubRip('1\n00:00:01,000 --> 00:00:02,000\nhello\n\nwhat is this\n'))).toBe('Line 5: expected a cue number or a cue timing such as "00:00:01,000 --> 00:00:04,000", found "what is this".');
  });

  it('names the line of a broken timing', () => {
    expect(detailOf(() => parseSubRip('1\n00:00:01,000 --> soon\nhello\n'))).toMatch(/^Line 2: "00:00:01,000 --> soon" is not a cue timing/);
  });
});

describe('parsePlainText', () => {
  it('reads "Name: words" lines with optional [hh:mm:ss] or hh:mm:ss times; a line without a speaker continues the turn', () => {
    const file = '[00:00:05] Alice: We should ship.\nIt is ready.\n\n00:01:10 Bob: Fine by me.\nCarol: And me.\n';
    expect(parsePlainText(file)).toEqual([
      { speaker: 'Alice', text: 'We should ship. It is ready.', start: 5, line: 1 },
      { speaker: 'Bob', text: 'Fine by me.', start: 70, line: 4 },
      { speaker: 'Carol', text: 'And me.', line: 5 },
    ]);
  });

  it('reads the product\'s own transcript download back', () => {
    expect(parsePlainText('[00:00:00] Speaker 1: hello\n[00:00:03] Speaker 2: hi there\n').map((t) => [t.speaker, t.start])).toEqual([['Speaker 1', 0], ['Speaker 2', 3]]);
  });

  it('reads speaker headings whose words follow (Otter-style "Name  0:03" and "Name:")', () => {
    expect(parsePlainText('Priya Shah  0:03\nWelcome all.\n\nTom:\nThanks.\n')).toEqual([
      { speaker: 'Priya Shah', text: 'Welcome all.', start: 3, line: 1 },
      { speaker: 'Tom', text: 'Thanks.', line: 4 },
    ]);
  });

  it('names the first line when words come before any speaker', () => {
    expect(detailOf(() => parsePlainText('\njust some words\nAlice: hi'))).toBe('Line 2: expected "Name: words" (a speaker\'s name, a colon, then what they said), as every turn of a text transcript starts.');
  });

  it('names the line of a bracketed time that is not one', () => {
    expect(detailOf(() => parsePlainText('Alice: hi\n[00:75:00] Bob: hello'))).toBe('Line 2: "00:75:00" is not a time (expected [hh:mm:ss]).');
  });
});

describe('parseJsonTurns', () => {
  it('keeps every turn in order with its times, an empty text too, and reads QMSum\'s "content"', () => {
    const file = '[\n  {"speaker": "Alice", "text": "Hi", "start": 0, "end": 1.5},\n  {"speaker": "Bob", "content": ""},\n  {"speaker": "Alice", "text": "Bye"}\n]';
    expect(parseJsonTurns(file)).toEqual([
      { speaker: 'Alice', text: 'Hi', start: 0, end: 1.5, line: 2 },
      { speaker: 'Bob', text: '', line: 3 },
      { speaker: 'Alice', text: 'Bye', line: 4 },
    ]);
  });

  it('names the line of a syntax error', () => {
    expect(detailOf(() => parseJsonTurns('[\n  {"speaker": "A", "text": "x"},\n  {"speaker": "B" "text": "y"}\n]'))).toMatch(/^Line 3: the file is not valid JSON \(/);
  });

  it('refuses a value that is not a list, naming line 1', () => {
    expect(detailOf(() => parseJsonTurns('{"speaker": "A"}'))).toMatch(/^Line 1: expected a JSON list of turns/);
  });

  it('names the line of a turn without a speaker, without text, or with a bad time', () => {
    expect(detailOf(() => parseJsonTurns('[{"speaker": "A", "text": "x"},\n{"text": "y"}]'))).toBe('Line 2: turn 2 has no "speaker" (the name of who spoke).');
    expect(detailOf(() => parseJsonTurns('[\n{"speaker": "A"}]'))).toBe('Line 2: turn 1 has no "text" (what was said, as a string).');
    expect(detailOf(() => parseJsonTurns('[\n\n{"speaker": "A", "text": "x", "start": "soon"}]'))).toBe('Line 3: "start" of turn 1 must be a number of seconds from the start (0 or more).');
    expect(detailOf(() => parseJsonTurns('[{"speaker": "A", "text": "x", "start": 5, "end": 2}]'))).toBe('Line 1: turn 1 ends before it starts.');
    expect(detailOf(() => parseJsonTurns('[{"speaker": "A", "text": "x"},\n "just text"]'))).toMatch(/^Line 2: turn 2 is not an object/);
  });

  it('counts lines past strings that hold brackets, commas and escaped quotes', () => {
    const file = '[{"speaker": "A", "text": "a [b], {c} \\"d\\""},\n{"speaker": "B", "text": "e"},\n{"text": "f"}]';
    expect(detailOf(() => parseJsonTurns(file))).toBe('Line 3: turn 3 has no "speaker" (the name of who spoke).');
  });
});
