import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useExamkit } from '@examkit/core/react';
import { ProgressBar, createProgress } from '@examkit/ui';
import { startAbilityGrowth } from '../abilityGrowth/startAbilityGrowth';
import type { AbilityGrowthLocation } from '../abilityGrowth/types';

export interface AbilityGrowthPageProps {
  /**
   * {host}: where the separately deployed AbilityGrowth sub-application is served (its entry
   * page); absent when not configured.
   */
  host?: string | undefined;
}

/** Id of the container the sub-application is mounted in (spec 000 §2). */
export const ABILITY_GROWTH_CONTAINER_ID = 'ability-growth';

const progress = createProgress();

/**
 * /ability-growth/*: hands over to the separately deployed AbilityGrowth sub-application
 * (spec 000 §2). It is loaded from {host} and mounted in a shadow root of `#ability-growth`
 * with the shared state handle and the main router; a progress bar runs from before loading
 * until it is mounted, and the page is busy meanwhile. Without a host it says so plainly.
 * @see docs/ability-growth.md
 */
export function AbilityGrowthPage({ host }: AbilityGrowthPageProps) {
  const { store } = useExamkit();
  const navigate = useNavigate();
  const location = useLocation();
  const container = useRef<HTMLDivElement>(null);
  const [status, setStatus] = useState<'idle' | 'loading' | 'mounted' | 'failed'>(
    host ? 'loading' : 'idle',
  );
  // The sub-application routes by the URL: it hears every change of the main router's location.
  const hub = useRef({
    navigate,
    location: location as AbilityGrowthLocation,
    listeners: new Set<(location: AbilityGrowthLocation) => void>(),
  });

  useLayoutEffect(() => {
    const current = hub.current;
    current.navigate = navigate;
    if (current.location === location) return;
    current.location = location;
    for (const listener of [...current.listeners]) listener(location);
  }, [location, navigate]);

  useEffect(() => {
    const element = container.current;
    if (!host || !element) return;
    const current = hub.current;
    const stop = startAbilityGrowth(element, {
      host,
      store,
      progress,
      onStatus: setStatus,
      router: {
        getLocation: () => current.location,
        navigate: (to, options) => void current.navigate(to, options),
        subscribe(listener) {
          current.listeners.add(listener);
          return () => current.listeners.delete(listener);
        },
      },
    });
    return () => void stop();
  }, [host, store]);

  return (
    <section aria-label="成长档案" aria-busy={status === 'loading'}>
      {host && <ProgressBar progress={progress} label="成长档案加载进度" />}
      <div id={ABILITY_GROWTH_CONTAINER_ID} ref={container} />
      {status === 'idle' && (
        <div role="note">
          <h1>成长档案</h1>
          <p>成长档案是独立部署的子应用，当前环境未配置其地址，暂时无法打开。</p>
          <p>请联系管理员在应用配置中设置成长档案子应用的地址。</p>
        </div>
      )}
      {status === 'loading' && <p role="status">正在加载成长档案…</p>}
      {status === 'failed' && <p role="alert">成长档案加载失败，请检查网络后刷新页面重试。</p>}
    </section>
  );
}
