/**
 * Request and response shapes of the integration calls (spec §7 `users/{z|w|t|b}_…`, and our own BasicOps project calls of
 * docs/integrations.md). Imported by functions/api/integrations/routes.ts and by the SPA (web/src/api/integrations), so the
 * two cannot drift.
 */
import { z } from 'zod';
import type { User } from './auth-users.js';

/** The letter of a service in the §7 paths: Zoom, Webex, Todoist, BasicOps. */
export type ServiceLetter = 'z' | 'w' | 't' | 'b';

const flag = z.union([z.boolean(), z.literal('true'), z.literal('false')]).transform((v) => v === true || v === 'true');

/** `PUT users/{id}/t_user_settings/`. */
export const todoistSettingsRequest = z.object({ auto_store_to_inbox: flag });
export type TodoistSettingsRequest = z.input<typeof todoistSettingsRequest>;

/** `PUT users/{id}/w_user_settings/`: either flag or both. */
export const webexSettingsRequest = z.object({ auto_share: flag.optional(), auto_record: flag.optional() })
  .refine((b) => b.auto_share !== undefined || b.auto_record !== undefined, { message: 'Send auto_share or auto_record.' });
export type WebexSettingsRequest = z.input<typeof webexSettingsRequest>;

/** `POST users/{id}/b_authorize_user/` {authorization_code, state}. */
export const basicOpsCodeRequest = z.object({
  authorization_code: z.string().trim().min(1, 'authorization_code is required.').max(2048),
  state: z.string().max(4096).optional(),
});
export type BasicOpsCodeRequest = z.input<typeof basicOpsCodeRequest>;

/** `PUT users/{id}/b_user_settings/` {project_id}. */
export const basicOpsSettingsRequest = z.object({
  project_id: z.union([z.string().trim().min(1).max(64), z.number().int().nonnegative()]).transform(String),
});
export type BasicOpsSettingsRequest = z.input<typeof basicOpsSettingsRequest>;

/** `GET users/{z|w|t|b}_authorization_url/`. */
export interface AuthorizationUrl { authorization_url: string }

/** What the connect, settings and removal calls answer: the service's §3 flags of the user. */
export type ServiceFlags = Partial<User>;

/** `GET users/{id}/b_projects/` and `PUT users/{id}/b_user_settings/`: the user's BasicOps projects and the one notes go to. */
export interface BasicOpsProjects { projects: Array<{ id: string; title: string }>; project_id: string | null }
