/** POST /api/users/cancel_subscription/ — the subscription ends at the end of its period (spec §3, §4). */
import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { USER_KEY } from '../users/get-user.js';
import { cancelSubscription, SUBSCRIPTION_KEY } from './billing.js';

/** Cancels, then reads the subscription and the user again (status, minutes). The call throws ApiError. */
export function useCancelSubscription(): () => Promise<void> {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    await cancelSubscription();
    await Promise.all([mutate(SUBSCRIPTION_KEY), mutate(USER_KEY)]);
  }, [mutate]);
}
