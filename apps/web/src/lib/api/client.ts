// The application's API client instance: tokens from cookies, the visitor id, and a way for the
// session to learn that a refresh failed.
import { createRpcClient } from './rpc-client';
import type { SessionExpiredError } from './rpc-error';
import { cookieTokenStore } from '../session/token-storage';
import { lidStore } from '../usage/lid';

type ExpiredListener = (error: SessionExpiredError) => void;
const expiredListeners = new Set<ExpiredListener>();

export const api = createRpcClient({
  tokens: cookieTokenStore,
  lid: lidStore,
  onSessionExpired: (error) => expiredListeners.forEach((listener) => listener(error)),
});

export function onSessionExpired(listener: ExpiredListener): () => void {
  expiredListeners.add(listener);
  return () => expiredListeners.delete(listener);
}
