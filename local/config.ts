import path from 'node:path';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const schema = z.object({
  PORT: port(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  MEETSCRIBE_DATA_DIR: z.string().min(1).optional(),
  MEETSCRIBE_DYNAMODB_PORT: port(0),
  MEETSCRIBE_S3_PORT: port(0),
  MEETSCRIBE_STEPFUNCTIONS_PORT: port(0),
  MEETSCRIBE_MAIL_PORT: port(0),
  MEETSCRIBE_SECRETS_PORT: port(0),
  MEETSCRIBE_TRANSCRIBE_PORT: port(0),
  MEETSCRIBE_TEXTRACT_PORT: port(0),
  MEETSCRIBE_COMPREHEND_PORT: port(0),
  /** 'mailbox' keeps e-mail on disk (shown at /dev/mailbox); 'ses' sends through real Amazon SES with your AWS credentials. */
  MEETSCRIBE_MAIL: z.enum(['mailbox', 'ses']).default('mailbox'),
  /** Folder POST /dev/zoom/recordings and /dev/webex/recordings may read recordings from (besides the fixtures). */
  MEETSCRIBE_DEV_RECORDINGS_DIR: z.string().min(1).optional(),
  MAIL_FROM: z.string().email().default('MeetScribe <no-reply@meetscribe.local>').or(z.string().min(3)),
});

export type LocalConfig = ReturnType<typeof readLocalConfig>;

/** Reads the local edition's settings from the environment; throws naming every invalid variable. */
export function readLocalConfig(env: NodeJS.ProcessEnv, projectRoot: string) {
  const result = schema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid local configuration: ${problems}`);
  }
  const c = result.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(projectRoot, c.MEETSCRIBE_DATA_DIR ?? '.data'),
    servicePorts: {
      dynamodb: c.MEETSCRIBE_DYNAMODB_PORT,
      s3: c.MEETSCRIBE_S3_PORT,
      stepFunctions: c.MEETSCRIBE_STEPFUNCTIONS_PORT,
      mail: c.MEETSCRIBE_MAIL_PORT,
      secrets: c.MEETSCRIBE_SECRETS_PORT,
      transcribe: c.MEETSCRIBE_TRANSCRIBE_PORT,
      textract: c.MEETSCRIBE_TEXTRACT_PORT,
      comprehend: c.MEETSCRIBE_COMPREHEND_PORT,
    },
    mail: c.MEETSCRIBE_MAIL,
    devRecordingsDir: c.MEETSCRIBE_DEV_RECORDINGS_DIR === undefined ? undefined : path.resolve(projectRoot, c.MEETSCRIBE_DEV_RECORDINGS_DIR),
    mailFrom: c.MAIL_FROM,
  };
}
