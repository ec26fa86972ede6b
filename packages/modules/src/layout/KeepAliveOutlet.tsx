import { Activity, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';

export interface KeepAliveOutletProps {
  /** Whether the current route is kept alive when left. */
  keepAlive: boolean;
  /**
   * How many kept pages stay mounted; the least recently shown is dropped first.
   * @default 6
   */
  max?: number;
}

/**
 * The layout's outlet. Pages of keep-alive routes stay mounted but hidden
 * (React `<Activity mode="hidden">`) when left, so their filters, page and
 * scroll survive a return; other pages mount and unmount as usual.
 */
export function KeepAliveOutlet({ keepAlive, max = 6 }: KeepAliveOutletProps) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const [cache, setCache] = useState<readonly (readonly [string, ReactNode])[]>([]);

  // Derived state, updated during render so the first paint already shows the page.
  if (keepAlive && outlet && cache[cache.length - 1]?.[0] !== pathname) {
    const kept = cache.find(([key]) => key === pathname);
    const others = cache.filter(([key]) => key !== pathname);
    setCache([...others, kept ?? [pathname, outlet]].slice(-max));
  }

  return (
    <>
      {cache.map(([key, element]) => (
        <Activity key={key} mode={keepAlive && key === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
