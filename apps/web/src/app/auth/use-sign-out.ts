import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { clearTokens } from './token-storage';

/** Forgets the tokens and every cached answer, then shows the login page. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    clearTokens();
    queryClient.clear();
    navigate('/login');
  };
}
