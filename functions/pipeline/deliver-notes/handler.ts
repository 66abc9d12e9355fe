import { deliveryContext } from '../../wiring/integrations-delivery.js';
import { deliverReadyNotes } from '../../core/integrations/deliver-notes.js';

/**
 * After the notes are ready: the host's Todoist auto-store and BasicOps note (core/integrations/deliver-notes.ts).
 * A service's failure is recorded beside the notes, not thrown; only a failure to read the notes throws.
 */
export const handler = async (input: { meetingId: string }) => deliverReadyNotes(deliveryContext(), input.meetingId);
