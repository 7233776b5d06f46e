// Builds the data router from the route table: public routes render on their own, guarded routes
// sit under the authenticated layout and run the route guard as their loader.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RouteError } from './errors/RouteError';
import { guardLoader } from './guard';
import { isLazyScreen } from './lazy-screen';
import { AuthenticatedLayout } from './layout/AuthenticatedLayout';
import { BootScreen, RootLayout } from './layout/RootLayout';
import type { RouteHandle } from './route-handle';
import { appRoutes, notFoundRoute, type AppRoute } from './routes';

export const BASENAME = '/with-ag';

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = {
    screenName: route.screenName,
    admin: Boolean(route.admin),
    access: route.access,
    needs: route.needs,
  };
  const Screen = route.screen;
  return {
    path: route.path,
    // A lazy screen's code loads as the route's lazy part, at the same time as the guard runs.
    ...(isLazyScreen(Screen) ? { lazy: async () => ({ Component: await Screen.load() }) } : { element: <Screen /> }),
    handle,
    ...(route.access === 'guarded' ? { loader: guardLoader } : {}),
  };
}

export function buildRoutes(): RouteObject[] {
  const publicRoutes = appRoutes.filter((r) => r.access === 'public').map(toRouteObject);
  const guardedRoutes = [...appRoutes.filter((r) => r.access === 'guarded'), notFoundRoute].map(toRouteObject);
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <BootScreen />,
      children: [...publicRoutes, { element: <AuthenticatedLayout />, children: guardedRoutes }],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes(), { basename: BASENAME });
}
