import {
  actionItemsContext, deliveryContext, insightsContext, meetingsAuthenticator, meetingsContext, meetingsPublicLimiter, regenerateContext,
  roomContext, transcriptContext, transcriptImportContext,
} from '../../wiring/meetings.js';
import { createApiHandler } from '../http/router.js';
import { notesDeliveryRoutes } from '../integrations/notes-delivery-routes.js';
import { actionItemsRoutes } from './action-items-routes.js';
import { insightsRoutes } from './insights-routes.js';
import { roomRoutes } from './room-routes.js';
import { meetingRoutes } from './routes.js';
import { transcriptImportRoutes } from './transcript-import-routes.js';
import { transcriptRoutes } from './transcript-routes.js';

/**
 * /api/meetings/..., /api/notes/... and /api/action_items/...: meetings, recordings, sharing, transcripts and notes
 * (spec §7 "Meetings"); what they run on is built in functions/wiring/meetings.ts.
 */
export const handler = createApiHandler([
  ...notesDeliveryRoutes(deliveryContext),
  ...transcriptRoutes(transcriptContext),
  ...transcriptImportRoutes(transcriptImportContext),
  ...insightsRoutes(insightsContext, regenerateContext),
  ...roomRoutes(roomContext),
  ...meetingRoutes(meetingsContext),
  ...actionItemsRoutes(actionItemsContext),
], { authenticator: meetingsAuthenticator, publicLimiter: meetingsPublicLimiter });
