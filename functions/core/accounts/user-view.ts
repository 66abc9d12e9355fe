import type { User } from '../../contracts/auth-users.js';
import type { IntegrationAccount, IntegrationFlag, UserRecord } from './ports.js';

const ACCOUNTS: readonly IntegrationAccount[] = ['zoom_account', 'webex_account', 'todoist_account', 'basicops_account'];

/** The User entity of spec §3 as the API returns it; `minutes` comes from the caller (billing owns balances). */
export function toUser(record: UserRecord, minutes: number): User {
  const flag = (name: IntegrationFlag) => record.integrations?.[name] === true;
  // Only the accounts known are given (an addition to spec §3: docs/integrations.md).
  const accounts = Object.fromEntries(ACCOUNTS.flatMap((name) => {
    const value = record.integrations?.[name];
    return typeof value === 'string' && value !== '' ? [[name, value]] : [];
  })) as Partial<Record<IntegrationAccount, string>>;
  return {
    id: record.id,
    first_name: record.firstName,
    last_name: record.lastName,
    company: record.company,
    email: record.email,
    user_settings: { email_notes: record.emailNotes },
    minutes,
    preferred_plan: record.selectedPlan,
    zoom_integrated: flag('zoom_integrated'),
    zoom_refresh_token_exists: flag('zoom_refresh_token_exists'),
    webex_integrated: flag('webex_integrated'),
    webex_refresh_token_exists: flag('webex_refresh_token_exists'),
    webex_auto_share_on: flag('webex_auto_share_on'),
    webex_auto_record_on: flag('webex_auto_record_on'),
    todoist_integrated: flag('todoist_integrated'),
    todoist_access_token_exists: flag('todoist_access_token_exists'),
    todoist_auto_store_to_inbox: flag('todoist_auto_store_to_inbox'),
    basicops_integrated: flag('basicops_integrated'),
    basicops_refresh_token_exists: flag('basicops_refresh_token_exists'),
    ...accounts,
  };
}
