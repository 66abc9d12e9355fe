import type { Sentence } from '../insights/transcript.js';
import { speakerDisplayName } from '../transcripts/turns.js';
import { actionText, findActionItems } from './action-items.js';
import { underAgendaItem } from './decision-topics.js';
import { findSourcedDecisions } from './decisions.js';
import { cleanSentence } from './disfluency.js';
import { keyphrases } from './keyphrases.js';
import type { DraftActionItem, DraftPoint, NotesDraft, NotesEngine, NotesInput } from './model.js';
import { writeOverview } from './overview.js';
import { chooseSummary, type SummaryOptions } from './summary.js';
import { topicOfTask, withTopic } from './task-context.js';
import { repairTurns } from './turn-repair.js';

export type ExtractiveOptions = SummaryOptions;

/** ALL-CAPS engine output in sentence case, so part-of-speech tags and names work. */
const uncapped = (text: string) => (/[a-z]/.test(text) || !/[A-Z]/.test(text) ? text : text.toLowerCase().replace(/\bi\b/g, 'I'));
const withStop = (text: string) => (/[.?!]["'”’)]*$/.test(text) ? text : `${text}.`);

/** Words the meeting addresses people by, said so at least twice ("Chef, the fridge…", "Yes, chef.", "Sorry, chef, …"). */
function termsOfAddress(texts: readonly string[]): string[] {
  const uses = new Map<string, number>();
  for (const text of texts) {
    for (const m of text.matchAll(/(?:^|,\s*)([\p{L}]+)(?=\s*,|\s*[.!?]\s*$)/gu)) {
      if (m.index === 0 && !/,/.test(text.slice(m[0].length, m[0].length + 2))) continue;
      const word = m[1]!.toLowerCase();
      uses.set(word, (uses.get(word) ?? 0) + 1);
    }
  }
  return [...uses].filter(([, n]) => n >= 2).map(([w]) => w);
}

/**
 * The on-box notes engine (no model download). Sentences are cleaned of fillers and repeats first; then
 * keyphrases (keyphrases.ts) name the topics, findDecisions and findActionItems pick agreements and tasks
 * with owners and due dates, chooseSummary picks 3–8 covering, non-redundant bullets, and the overview
 * names the speakers, the leading topics and the counts.
 */
export function createExtractiveNotesEngine(options: ExtractiveOptions = {}): NotesEngine {
  return {
    name: 'extractive',
    async draft({ sentences, speakerNames = {} }: NotesInput): Promise<NotesDraft> {
      const nameOf = (label: string) => speakerNames[label]?.trim() || speakerDisplayName(label);
      const repaired = repairTurns(sentences.map((s) => ({ ...s, text: uncapped(s.text) })));
      // Decisions read every sentence with its opening word kept ("Fine, we'll…", a bare "Yes." after a proposal).
      const sourced = findSourcedDecisions(repaired.map((s) => ({ ...s, text: cleanSentence(s.text, { keepOpeners: true }) })));
      const decidedRaw = new Set(sourced.flatMap((d) => d.sources));
      const kept = repaired.map((s, raw) => ({ ...s, text: cleanSentence(s.text), raw })).filter((s) => /[\p{L}\p{N}]/u.test(s.text));
      const cleaned: Sentence[] = kept.map(({ raw: _raw, ...s }) => s);
      const speakers = [...new Set(sentences.map((s) => s.speaker))];
      const names = speakers.map(nameOf);
      const knownNames = names.filter((n) => !/^Speaker \d+$/.test(n));
      // Speakers' names, and words people are addressed by ("Yes, chef.", "Thanks, boss."), are no topics.
      const excluded = new Set([...knownNames.flatMap((n) => n.toLowerCase().split(/\s+/)), ...termsOfAddress(repaired.map((s) => s.text))]);

      const texts = cleaned.map((s) => s.text);
      const topics = keyphrases(texts, excluded);
      // A short decision is written under the agenda item it was said in when it does not name it.
      const sentenceOf = (raw: number) => Math.max(0, kept.findIndex((k) => k.raw >= raw));
      const decisions: DraftPoint[] = sourced.map(({ text, start, end, sources }) => ({ text: underAgendaItem(text, sentenceOf(Math.min(...sources)), topics),
        start, end }));
      // A sentence that records a decision is not also a task ("We will switch to the new supplier next month").
      const decided = new Set(kept.flatMap((s, i) => (decidedRaw.has(s.raw) ? [i] : [])));
      // A bare "Sure." the clean-up removed still opens its speaker's next sentence ("Sure. I'll have it by Friday." answers a request).
      const keptRaw = new Set(kept.map((k) => k.raw));
      const opened = kept.map((s) => {
        const own = cleanSentence(repaired[s.raw]!.text, { keepOpeners: true });
        const before = repaired[s.raw - 1];
        const removed = before && before.speaker === s.speaker && !keptRaw.has(s.raw - 1);
        return removed ? `${cleanSentence(before.text, { keepOpeners: true })} ${own}`.trim() : own;
      });
      const found = findActionItems(cleaned.flatMap((s, i) => (decided.has(i) ? [] : [{ ...s, opened: opened[i], at: i }])), { nameOf, knownNames,
        meeting: texts });
      // A terse task ("Ravi: do the figure") gets the topic it was said about.
      const sentenceAt = (time: number) => Math.max(0, cleaned.findLastIndex((s) => s.start < time));
      const actionItems: DraftActionItem[] = found.map((a) => ({
        text: withTopic(actionText(a), topicOfTask(a.task, a.due, sentenceAt(a.end), topics)), owner: a.owner, due: a.due, start: a.start, end: a.end,
      }));
      const listed = new Set([...decided, ...cleaned.flatMap((s, i) => (found.some((a) => s.start >= a.start && s.end <= a.end) ? [i] : []))]);
      const summary = chooseSummary(texts, topics, listed, options).map((i) => ({ text: withStop(texts[i]!), start: cleaned[i]!.start, end: cleaned[i]!.end }));
      return { overview: writeOverview(cleaned.length > 0 ? names : [], topics, decisions.length, actionItems.length), summary, actionItems, decisions };
    },
  };
}
