import type { S3Client } from '@aws-sdk/client-s3';
import { documentClient } from '../../adapters/dynamodb/client.js';
import { createMeetingsRepository } from '../../adapters/dynamodb/meetings-repository.js';
import { createProcessingRepository } from '../../adapters/dynamodb/processing-repository.js';
import { createArtefactStorage } from '../../adapters/storage/artefacts.js';
import { updateSpeakerNamesRequest } from '../../contracts/transcripts.js';
import { speakerNames, transcriptFormat, transcriptLink, updateSpeakerNames, type TranscriptPorts } from '../../core/transcripts/transcript-access.js';
import { route, type Principal, type Route } from '../http/router.js';

// Routes with 'user' auth always have a principal (the router answers 401 otherwise).
const caller = (principal: Principal | undefined) => principal!;

/** GET meetings/{id}/transcript/, GET meetings/{id}/speaker_names/, PUT meetings/{id}/update_speaker_names/ (spec §7). */
export function transcriptRoutes(ports: TranscriptPorts): Route<any>[] {
  return [
    route({ method: 'GET', path: 'meetings/{id}/transcript/', auth: 'user',
      handle: ({ principal, params, query }) => transcriptLink(ports, caller(principal), params.id, transcriptFormat(query.format)) }),
    route({ method: 'GET', path: 'meetings/{id}/speaker_names/', auth: 'user',
      handle: ({ principal, params }) => speakerNames(ports, caller(principal), params.id) }),
    route({ method: 'PUT', path: 'meetings/{id}/update_speaker_names/', auth: 'user', body: updateSpeakerNamesRequest,
      handle: ({ principal, params, body }) => updateSpeakerNames(ports, caller(principal), params.id, body.speakerNames) }),
  ];
}

/** The transcript routes over the real adapters (DynamoDB document client, the media bucket). */
export function transcriptRoutesOver(s3: S3Client, config: { TABLE_NAME: string; MEDIA_BUCKET: string }): Route<any>[] {
  return transcriptRoutes({
    meetings: createMeetingsRepository(documentClient, config.TABLE_NAME),
    transcripts: createProcessingRepository(documentClient, config.TABLE_NAME),
    files: createArtefactStorage(s3, config.MEDIA_BUCKET),
    clock: Date.now,
  });
}
