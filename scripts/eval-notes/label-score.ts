/**
 * Scoring of predicted notes against labels written per ANNOTATION.md (../shared/data/meetings-text/): a port of the
 * reference score-notes.mjs that gives exactly its figures (test/unit/eval/label-score.test.ts compares the two).
 * Turn spans are [first, last] turn indices of the meeting file.
 */
export type Span = readonly [number, number];

export interface LabelledMeeting {
  readonly action_items?: ReadonlyArray<{ readonly turns: Span; readonly owner?: string | null }>;
  readonly decisions?: ReadonlyArray<{ readonly turns: Span }>;
  readonly key_points?: ReadonlyArray<{ readonly turns: Span }>;
  readonly topics?: ReadonlyArray<{ readonly name: string }>;
}

export interface Prediction {
  readonly overview?: string;
  readonly summary?: ReadonlyArray<{ readonly turns: Span; readonly text?: string }>;
  readonly decisions?: ReadonlyArray<{ readonly turns: Span; readonly text?: string }>;
  readonly action_items?: ReadonlyArray<{ readonly turns: Span; readonly owner?: string | null; readonly text?: string }>;
}

export interface MeetingScore {
  action: { gold: number; pred: number; hits: number; spanHits: number };
  decision: { gold: number; pred: number; hits: number };
  key: { gold: number; pred: number; hits: number };
  topics: { gold: number; overview: number; notes: number };
}

const NEAR = 2;
const near = (a: Span, b: Span) => a[0] <= b[1] + NEAR && b[0] <= a[1] + NEAR;
const norm = (s: string | null | undefined) => (s == null ? null : String(s).trim().toLowerCase());

/** Gold items matched by a prediction (each prediction used once; the nearest start wins). */
function match<G extends { turns: Span }, P extends { turns: Span }>(gold: readonly G[], pred: readonly P[], same: (g: G, p: P) => boolean = () =>
  true): number {
  const used = new Set<number>();
  let hits = 0;
  for (const g of gold) {
    let best = -1;
    let bestGap = Infinity;
    pred.forEach((p, i) => {
      if (used.has(i) || !near(g.turns, p.turns) || !same(g, p)) return;
      const gap = Math.abs(g.turns[0] - p.turns[0]);
      if (gap < bestGap) { best = i; bestGap = gap; }
    });
    if (best >= 0) { used.add(best); hits++; }
  }
  return hits;
}

const STOP = new Set((
  'about after again also and any are around back been being between both but can could did does doing down each from further have having here into just '
  + 'like more most much must need next only other over same should some such than that their them then there these they this those through under until '
  + 'very what when where which while will with would your the for how its our out own was were who why not').split(' '));
const stem = (w: string) => w.toLowerCase().replace(/[^a-z0-9]/g, '').slice(0, 5);
const words = (s: string) => String(s).toLowerCase().match(/[a-z][a-z0-9'-]+/g) ?? [];
const contentStems = (s: string) => new Set(words(s).filter((w) => w.length >= 4 && !STOP.has(w)).map(stem));

/** One meeting's counts. */
export function scoreMeeting(gold: LabelledMeeting, pred: Prediction): MeetingScore {
  const ga = gold.action_items ?? [], pa = pred.action_items ?? [];
  const gd = gold.decisions ?? [], pd = pred.decisions ?? [];
  const gk = gold.key_points ?? [], pk = pred.summary ?? [];
  const actionSpan = match(ga, pa);
  const actionHits = match(ga, pa, (g, p) => norm(g.owner) === norm(p.owner));
  const decisionHits = match(gd, pd);
  const keyHits = match(gk, pk);
  const text = `${pred.overview ?? ''} ${(pred.summary ?? []).map((p) => p.text ?? '').join(' ')}`;
  const have = contentStems(text);
  const overviewHave = contentStems(pred.overview ?? '');
  const topics = gold.topics ?? [];
  const topicHits = topics.filter((t) => [...contentStems(t.name)].some((s) => overviewHave.has(s))).length;
  const topicAnyHits = topics.filter((t) => [...contentStems(t.name)].some((s) => have.has(s))).length;
  return {
    action: { gold: ga.length, pred: pa.length, hits: actionHits, spanHits: actionSpan },
    decision: { gold: gd.length, pred: pd.length, hits: decisionHits },
    key: { gold: gk.length, pred: pk.length, hits: keyHits },
    topics: { gold: topics.length, overview: topicHits, notes: topicAnyHits },
  };
}

export interface Rates { p: number; r: number; f1: number }
const pr = (hits: number, pred: number, gold: number): Rates => {
  const p = pred ? hits / pred : 0, r = gold ? hits / gold : 0;
  return { p, r, f1: p + r ? (2 * p * r) / (p + r) : 0 };
};

export interface Summary {
  meetings: number; action: Rates; actionSpan: Rates; ownerRight: number; decision: Rates; keyRecall: number; overviewTwoTopics: number;
}

/** Micro-averaged figures over meetings, as the notes goals are stated. */
export function summarise(scores: readonly MeetingScore[]): Summary {
  const sum = (f: (s: MeetingScore) => number) => scores.reduce((a, s) => a + f(s), 0);
  const action = pr(sum((s) => s.action.hits), sum((s) => s.action.pred), sum((s) => s.action.gold));
  const actionSpan = pr(sum((s) => s.action.spanHits), sum((s) => s.action.pred), sum((s) => s.action.gold));
  const decision = pr(sum((s) => s.decision.hits), sum((s) => s.decision.pred), sum((s) => s.decision.gold));
  const keyRecall = sum((s) => s.key.hits) / Math.max(1, sum((s) => s.key.gold));
  const ownerRight = sum((s) => s.action.hits) / Math.max(1, sum((s) => s.action.spanHits));
  const overviewTwoTopics = scores.filter((s) => s.topics.overview >= Math.min(2, s.topics.gold)).length / Math.max(1, scores.length);
  return { meetings: scores.length, action, actionSpan, ownerRight, decision, keyRecall, overviewTwoTopics };
}

/** The figures as one line (the reference's wording). */
export function fmt(t: Summary): string {
  const f = (x: number) => x.toFixed(2);
  return `actions P ${f(t.action.p)} R ${f(t.action.r)} F1 ${f(t.action.f1)} (span-only F1 ${f(t.actionSpan.f1)}, owner right ${Math.round(
    100 * t.ownerRight)}%); `
    + `decisions P ${f(t.decision.p)} R ${f(t.decision.r)} F1 ${f(t.decision.f1)}; key points recall ${f(t.keyRecall)}; `
    + `overview names ≥2 gold topics in ${Math.round(100 * t.overviewTwoTopics)}% of ${t.meetings} meetings`;
}
