/**
 * The one place the SPA reads its build-time environment (Vite's `import.meta.env`), validated with zod.
 * External pages default to the public MeetScribe site; the API defaults to the page's own origin.
 */
import { z } from 'zod';

const schema = z.object({
  VITE_API_URL: z.union([z.literal(''), z.url()]).default(''),
  VITE_PRIVACY_URL: z.url().default('https://meetscribe.app/privacy'),
  VITE_TERMS_URL: z.url().default('https://meetscribe.app/terms'),
  VITE_SUPPORT_URL: z.url().default('https://meetscribe.app/support'),
  VITE_DOCS_URL: z.url().default('https://meetscribe.app/docs'),
  VITE_SUPPORT_EMAIL: z.email().default('support@meetscribe.app'),
});

export interface WebEnv {
  /** Origin of the API ('' = same origin as the page). */
  apiUrl: string;
  externalPages: { privacy: string; terms: string; support: string; documentation: string };
  supportEmail: string;
}

/** Parses the variables; throws an Error naming every invalid one. */
function parseEnv(source: Record<string, unknown>): WebEnv {
  const result = schema.safeParse(source);
  if (!result.success) {
    const names = result.error.issues.map((issue) => issue.path.join('.')).join(', ');
    throw new Error(`Invalid web configuration: ${names}`);
  }
  const v = result.data;
  return {
    apiUrl: v.VITE_API_URL.replace(/\/$/, ''),
    externalPages: { privacy: v.VITE_PRIVACY_URL, terms: v.VITE_TERMS_URL, support: v.VITE_SUPPORT_URL, documentation: v.VITE_DOCS_URL },
    supportEmail: v.VITE_SUPPORT_EMAIL,
  };
}

// import.meta.env exists only under Vite; jest runs these modules without it.
export const env: WebEnv = parseEnv((import.meta as { env?: Record<string, unknown> }).env ?? {});
