/**
 * The logged-in user (GET /api/Account). The account is only asked for once this browser has
 * logged in, so an anonymous guest never gets a 401 in the console.
 */
import useSWR, { mutate } from 'swr';
import { apiGet, isUnauthorised } from '../lib/api-client';
import type { AccountAnswer as UserAccount } from '@hotel/domain/wire/account-response';

const SIGNED_IN_MARK = 'hotel:signed-in';

export const accountKey = (propertyId: number) => ['Account', propertyId] as const;

const fetchAccount = async ([, propertyId]: readonly [string, number]): Promise<UserAccount | null> => {
  if (localStorage.getItem(SIGNED_IN_MARK) === null) return null;
  try {
    return await apiGet<UserAccount>('/Account', { propertyId });
  } catch (error) {
    if (isUnauthorised(error)) {
      localStorage.removeItem(SIGNED_IN_MARK);
      return null;
    }
    throw error;
  }
};

/** The user, null when nobody is logged in. */
export function useAccount(propertyId: number): { user: UserAccount | null; isLoading: boolean } {
  const { data, isLoading } = useSWR(accountKey(propertyId), fetchAccount, {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  return { user: data ?? null, isLoading };
}

/** Records a login: the user is set at once, without waiting for a reload. */
export async function setSignedInUser(propertyId: number, user: UserAccount | null): Promise<void> {
  if (user === null) localStorage.removeItem(SIGNED_IN_MARK);
  else localStorage.setItem(SIGNED_IN_MARK, '1');
  await mutate(accountKey(propertyId), user, { revalidate: false });
}
