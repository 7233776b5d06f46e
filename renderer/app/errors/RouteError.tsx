// errorElement of the router: an error thrown by a loader or escaping the boundary.
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { handleUnexpectedError } from './unexpected-error';

export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    void handleUnexpectedError(error, 'router');
  }, [error]);
  return null;
}
