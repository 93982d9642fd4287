import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Revoke the token on the server, then clear the session and storage, show
 * 'Logged out' and go to /. The local session ends even when the server cannot be reached.
 */
export function useLogout(): () => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    try {
      await apiRequest('POST', '/api/logout', { auth: true });
    } catch {
      // Already expired or unreachable: nothing more to revoke from here.
    }
    clearSession();
    queryClient.clear();
    toast({ title: 'Logged out', description: 'You have been successfully logged out.' });
    await navigate('/', { replace: true });
  }, [navigate, queryClient]);
}
