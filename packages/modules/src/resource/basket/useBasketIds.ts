import { useEffect, useSyncExternalStore } from 'react';
import { isNetworkFailure } from '@examkit/core';
import { useExamkit } from '@examkit/core/react';
import { BASKET_CHANGED } from '../../common/basketEvents';
import { basketRefs } from '../../common/shellRoutes';

/**
 * Which questions of a subject are in the basket, asked once for all the toggles of a page (not
 * once per row) and asked again when a page announces a change.
 */
const known = new Map<string, ReadonlySet<number>>();
const asking = new Set<string>();
const listeners = new Set<() => void>();
const EMPTY: ReadonlySet<number> = new Set();

const notify = () => listeners.forEach((l) => l());
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets what a toggle just learned, so every row shows it at once. */
export function setInBasket(subjectCode: string, questionId: number, inBasket: boolean): void {
  const next = new Set(known.get(subjectCode) ?? []);
  if (inBasket) next.add(questionId);
  else next.delete(questionId);
  known.set(subjectCode, next);
  notify();
}

/** The ids in the basket of a subject (empty until the first answer). */
export function useBasketIds(subjectCode: string): ReadonlySet<number> {
  const { http } = useExamkit();
  const ids = useSyncExternalStore(subscribe, () => known.get(subjectCode) ?? EMPTY);
  useEffect(() => {
    // Rows that mount together share one call; a new page asks again (another tab may have changed it).
    const ask = () => {
      if (asking.has(subjectCode)) return;
      asking.add(subjectCode);
      http
        .call(basketRefs.ids, { body: { subjectCode } }, { errorMessage: false, dedupe: false })
        .then((reply) => {
          if (isNetworkFailure(reply)) return;
          known.set(subjectCode, new Set(reply.data.questionIds));
          notify();
        })
        .catch(() => {})
        .finally(() => asking.delete(subjectCode));
    };
    ask();
    window.addEventListener(BASKET_CHANGED, ask);
    return () => window.removeEventListener(BASKET_CHANGED, ask);
  }, [http, subjectCode]);
  return ids;
}
