import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * One view of a resource (its list, show, edit or create page) as its own chunk, loaded the first
 * time staff open it: the console's first load carries react-admin and the menu, not every page.
 * react-admin's Layout wraps pages in <Suspense>, so a loading view shows its spinner.
 *
 *   list: lazyView(() => import('./MemberList'), 'MemberList'),
 */
export function lazyView<Name extends string, Module extends Record<Name, ComponentType>>(
  load: () => Promise<Module>,
  name: Name,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}
