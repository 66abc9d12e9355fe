import type { InsightKind } from '../../core/insights/model.js';
import { artefactKeys } from '../../core/pipeline/artefact-keys.js';

/**
 * Key layout of insights (docs/insights.md): one status item per artefact under the meeting's partition
 * (so deleting the meeting deletes it), the sentiment series in S3 under artefacts/{id}/ (it grows with
 * the recording), the notes inline in their status item (small).
 */
export const insightKeys = {
  item: (meetingId: string, kind: InsightKind) => ({ pk: `MEETING#${meetingId}`, sk: `INSIGHT#${kind.toUpperCase()}` }),
  sentimentsObject: artefactKeys.sentiments,
  /** Which meeting a notes id belongs to (`POST notes/{notesId}/…` names notes, not meetings). */
  notesPointer: (notesId: string) => ({ pk: `NOTES#${notesId}`, sk: 'NOTES' }),
};
