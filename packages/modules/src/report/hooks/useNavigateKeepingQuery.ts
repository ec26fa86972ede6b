import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/** Navigates to a path keeping the current query string, so a report's tabs keep the chosen class and subject. */
export function useNavigateKeepingQuery(): (path: string) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback((path: string) => navigate(`${path}${search}`), [navigate, search]);
}
