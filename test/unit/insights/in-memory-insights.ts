import type { InsightKind, InsightState, InsightsStore, SentimentsDocument } from '../../../functions/core/insights/model.js';
import type { MeetingNotes } from '../../../functions/core/notes/model.js';

/** Insights kept in maps, with the DynamoDB store's rule that a failure never hides a ready artefact. */
export class InMemoryInsights implements InsightsStore<MeetingNotes> {
  readonly states = new Map<string, InsightState>();
  readonly sentiments = new Map<string, SentimentsDocument>();
  readonly notes = new Map<string, MeetingNotes>();
  private readonly key = (id: string, kind: InsightKind) => `${id}/${kind}`;

  async state(id: string, kind: InsightKind) { return this.states.get(this.key(id, kind)); }
  async saveSentiments(id: string, document: SentimentsDocument) {
    this.sentiments.set(id, document);
    this.states.set(this.key(id, 'sentiments'), { status: 'ready', updatedAt: 'now' });
  }
  async loadSentiments(id: string) { return this.states.get(this.key(id, 'sentiments'))?.status === 'ready' ? this.sentiments.get(id) : undefined; }
  async saveNotes(id: string, notes: MeetingNotes) {
    this.notes.set(id, notes);
    this.states.set(this.key(id, 'notes'), { status: 'ready', updatedAt: 'now' });
  }
  async loadNotes(id: string) { return this.states.get(this.key(id, 'notes'))?.status === 'ready' ? this.notes.get(id) : undefined; }
  async markFailed(id: string, kind: InsightKind, reason: string) {
    if (this.states.get(this.key(id, kind))?.status !== 'ready') this.states.set(this.key(id, kind), { status: 'failed', updatedAt: 'now', reason });
  }
}
