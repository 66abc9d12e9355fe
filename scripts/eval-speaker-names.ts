/**
 * Names said in the meeting (issue 30): the suggestions of functions/core/speakers/introductions.ts scored on the
 * scripted meetings of test/fixtures/notes-meetings (their lines carry who says them, so every suggestion can be
 * checked). Speakers are anonymised as `Speaker N` in order of first line, as the transcript shows them.
 *
 *   npm run eval:speaker-names [-- --detail]
 *
 * Prints per split (dev: rules written against them; heldout: not looked at while writing the rules):
 * suggestions and how many name the right speaker, meetings whose lines contain a participant's name, and
 * suggestions made on meetings whose lines contain no participant's name (should be 0).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { suggestSpeakerNames, type SpokenTurn } from '../functions/core/speakers/introductions.js';

interface Script { id: string; split: string; speakers: { name: string }[]; lines: [string, string][] }

const { values } = parseArgs({ options: { detail: { type: 'boolean', default: false } } });
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../test/fixtures/notes-meetings');

interface Tally { meetings: number; withNames: number; suggestions: number; right: number; onNameless: number; speakers: number; named: number }
const tallies = new Map<string, Tally>();

for (const file of (await readdir(dir)).filter((f) => f.endsWith('.json')).sort()) {
  const script = JSON.parse(await readFile(path.join(dir, file), 'utf8')) as Script;
  const labelOf = new Map<string, string>();
  const turns: SpokenTurn[] = script.lines.map(([who, text], i) => {
    if (!labelOf.has(who)) labelOf.set(who, `Speaker ${labelOf.size + 1}`);
    return { speaker: labelOf.get(who)!, start: i, text };
  });
  const truth = new Map([...labelOf].map(([name, label]) => [label, name]));
  const names = script.speakers.map((s) => s.name);
  const mentions = script.lines.some(([, text]) => names.some((n) => new RegExp(`\\b${n}\\b`).test(text)));
  const suggestions = suggestSpeakerNames(turns);
  const t = tallies.get(script.split) ?? { meetings: 0, withNames: 0, suggestions: 0, right: 0, onNameless: 0, speakers: 0, named: 0 };
  t.meetings += 1;
  t.speakers += labelOf.size;
  if (mentions) t.withNames += 1;
  else t.onNameless += suggestions.length;
  for (const s of suggestions) {
    t.suggestions += 1;
    const ok = truth.get(s.speaker) === s.name;
    if (ok) { t.right += 1; t.named += 1; }
    if (values.detail || !ok) console.log(`${ok ? '  ok ' : 'WRONG'} ${script.id}: ${s.speaker} (${truth.get(s.speaker)}) → ${s.name}  ← "${s.line}"`);
  }
  tallies.set(script.split, t);
}

const pct = (a: number, b: number) => (b === 0 ? 'n/a' : `${((100 * a) / b).toFixed(1)} %`);
console.log('\nsplit     meetings  with names  suggestions  right            on nameless meetings  speakers named right');
for (const [split, t] of [...tallies].sort()) {
  console.log(`${split.padEnd(9)} ${String(t.meetings).padStart(8)}  ${String(t.withNames).padStart(10)}  ${String(t.suggestions).padStart(
    11)}  ${`${t.right} (${pct(t.right, t.suggestions)})`.padEnd(15)}  ${String(t.onNameless).padStart(20)}  ${t.named}/${t.speakers} (${pct(t.named,
      t.speakers)})`);
}
