// A screen whose code loads when its route is first visited, so the first page downloads only
// what it shows. The route table declares it like any screen: lazyScreen(() => import(...), 'Name').
// The router (router.tsx) loads it as the route's `lazy` part, alongside the route guard, and
// renders it once both are done; rendered anywhere else it suspends like React.lazy.
import { lazy, type ComponentType } from 'react';

export type LazyScreen = ComponentType & { load(): Promise<ComponentType> };

export function lazyScreen<M extends Record<string, unknown>, K extends keyof M & string>(
  importer: () => Promise<M>,
  name: K,
): LazyScreen {
  let loading: Promise<ComponentType> | undefined;
  const load = () => (loading ??= importer().then((m) => m[name] as ComponentType));
  const Screen = lazy(async () => ({ default: await load() })) as unknown as LazyScreen;
  Screen.load = load;
  return Screen;
}

export const isLazyScreen = (screen: ComponentType): screen is LazyScreen =>
  typeof (screen as Partial<LazyScreen>).load === 'function';
