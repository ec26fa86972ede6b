import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useExamkit } from '@examkit/core/react';
import type { AbilityGrowthMount } from './types';

export interface AbilityGrowthPageProps {
  /** How to load and mount the separately deployed AbilityGrowth sub-application; absent when not configured. */
  mount?: AbilityGrowthMount | undefined;
}

/** Id of the container the sub-application is mounted in (spec 000 §2). */
export const ABILITY_GROWTH_CONTAINER_ID = 'ability-growth';

/**
 * /ability-growth/*: the container of the separately deployed AbilityGrowth
 * sub-application. Without a configured `mount` it says so plainly.
 */
export function AbilityGrowthPage({ mount }: AbilityGrowthPageProps) {
  const { store } = useExamkit();
  const navigate = useNavigate();
  const container = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'mounted' | 'failed'>(
    mount ? 'loading' : 'idle',
  );

  useEffect(() => {
    const el = container.current;
    if (!mount || !el) return;
    let unmount: (() => void) | undefined;
    let live = true;
    Promise.resolve(mount(el, { store, navigate })).then(
      (cleanup) => {
        if (!live) return cleanup?.();
        unmount = cleanup ?? undefined;
        setState('mounted');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
      unmount?.();
    };
  }, [mount, store, navigate]);

  return (
    <section aria-label="成长档案">
      <div id={ABILITY_GROWTH_CONTAINER_ID} ref={container} aria-busy={state === 'loading'} />
      {state === 'idle' && (
        <div role="note">
          <h1>成长档案</h1>
          <p>成长档案是独立部署的子应用，当前环境未配置其地址，暂时无法打开。</p>
          <p>请联系管理员在应用配置中设置成长档案子应用。</p>
        </div>
      )}
      {state === 'loading' && <p role="status">正在加载成长档案…</p>}
      {state === 'failed' && <p role="alert">成长档案加载失败，请稍后重试。</p>}
    </section>
  );
}
