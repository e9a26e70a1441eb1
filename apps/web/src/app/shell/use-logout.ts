// Logout (spec 000 §4): the session forgets user, partner and cookies, the cache is dropped and the
// user lands on the login page (without a return URL: they chose to leave).
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { session } from '../../lib/session/session';
import { usage } from '../../lib/usage/usage';

export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    usage.track('logout', 'logout');
    void usage.flush();
    const done = session.logout();
    await navigate('/login', { replace: true });
    queryClient.clear();
    await done;
  }, [navigate, queryClient]);
}
