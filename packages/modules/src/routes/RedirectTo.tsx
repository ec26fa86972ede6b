import { Navigate, generatePath, useLocation, useParams } from 'react-router-dom';

export interface RedirectToProps {
  /** Target path pattern; the current route's params fill its `:name` parts. */
  to: string;
}

/** Forwards a parent path to its default child, keeping params and the query. */
export function RedirectTo({ to }: RedirectToProps) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={`${generatePath(to, params)}${search}`} replace />;
}
