import { lazy, type ComponentType } from 'react';

/** Each screen is its own chunk, so the public entry page never downloads the owner's tools. */
export function lazyPage<Props extends object>(
  load: () => Promise<Record<string, ComponentType<Props>>>,
  exportName: string,
) {
  return lazy(async () => {
    const module = await load();
    const component = module[exportName];
    if (!component) throw new Error(`Page module has no export ${exportName}`);
    return { default: component };
  });
}
