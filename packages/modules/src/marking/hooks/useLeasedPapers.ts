import { useCallback, useEffect, useRef, useState } from 'react';
import { jointPoolRoutes, markingRoutes, type LeasedPaper } from '@examkit/contracts';
import { useMarkingCall } from './useMarkingCall';

/** How many papers the screen keeps leased ahead of the one shown. */
export const PREFETCH = 3;

/** Decodes an image before it is shown, so the swap after Enter paints at once. */
async function decode(url: string): Promise<void> {
  if (typeof Image === 'undefined') return;
  const img = new Image();
  img.src = url;
  if (typeof img.decode === 'function') await img.decode().catch(() => undefined);
}

export interface LeasedPapers {
  /** The paper on screen, or null. */
  current: LeasedPaper | null;
  /** Its crop (`data:` URL), null while it loads. */
  crop: string | null;
  /** Papers held in memory after the current one. */
  ahead: number;
  /** Nothing left to mark for now (the pool is empty or the block is not open). */
  empty: boolean;
  /** The last fetch got no answer. */
  unreachable: boolean;
  /** Whether the crop of a task is loaded and decoded. */
  hasCrop(taskId: number): boolean;
  /** Drops the current paper (submitted or flagged) and shows the next one at once. */
  advance(): void;
  /** Asks the server for papers again. */
  refill(): void;
}

/**
 * The leased batch of the marking screen: keeps up to {@link PREFETCH} papers ahead, loads and
 * decodes their crops before they are shown, skips papers already handed in (`isDone`), and
 * polls while the pool is empty.
 */
export function useLeasedPapers(options: {
  blockId: number;
  arbitration: boolean;
  enabled: boolean;
  /** Papers submitted here but maybe not yet acknowledged: the server still counts their leases. */
  pendingCount: () => number;
  isDone: (taskId: number) => boolean;
  /** A pool block of a 统一阅卷 joint exam: leased and cropped through the pool's calls. */
  pool?: boolean;
}): LeasedPapers {
  const { blockId, arbitration, enabled, pool = false } = options;
  const cropRoute = pool ? jointPoolRoutes.jointPoolCrop : markingRoutes.crop;
  const call = useMarkingCall();
  const papers = useRef<LeasedPaper[]>([]);
  const crops = useRef(new Map<number, string>());
  const loading = useRef(new Map<number, Promise<string | null>>());
  const fetching = useRef(false);
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const [current, setCurrent] = useState<LeasedPaper | null>(null);
  const [crop, setCrop] = useState<string | null>(null);
  const [ahead, setAhead] = useState(0);
  const [empty, setEmpty] = useState(false);
  const [unreachable, setUnreachable] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const alive = useRef(true);

  const loadCrop = useCallback(
    (paper: LeasedPaper): Promise<string | null> => {
      const have = crops.current.get(paper.taskId);
      if (have) return Promise.resolve(have);
      const inFlight = loading.current.get(paper.taskId);
      if (inFlight) return inFlight;
      const promise = call(
        cropRoute,
        { taskId: paper.taskId, leaseToken: paper.leaseToken },
        { dedupe: false, quiet: true },
      ).then(async (r) => {
        loading.current.delete(paper.taskId);
        if (!r.ok) return null;
        await decode(r.data.dataUrl);
        crops.current.set(paper.taskId, r.data.dataUrl);
        return r.data.dataUrl;
      });
      loading.current.set(paper.taskId, promise);
      return promise;
    },
    [call, cropRoute],
  );

  const show = useCallback(() => {
    const head = papers.current[0] ?? null;
    setCurrent(head);
    setAhead(Math.max(0, papers.current.length - 1));
    if (!head) {
      setCrop(null);
      return;
    }
    const have = crops.current.get(head.taskId);
    setCrop(have ?? null);
    if (!have)
      void loadCrop(head).then((url) => {
        if (alive.current && papers.current[0]?.taskId === head.taskId) setCrop(url);
      });
    // Fetch and decode the next crops now, so the next Enter shows one at once.
    for (const next of papers.current.slice(1, PREFETCH + 1)) void loadCrop(next);
  }, [loadCrop]);

  const refill = useCallback(async () => {
    if (fetching.current || !alive.current) return;
    if (papers.current.length > PREFETCH) return;
    fetching.current = true;
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const held = papers.current.length + optionsRef.current.pendingCount();
    const body = { blockId, count: Math.min(20, held + PREFETCH), arbitration };
    // dedupe off: a remounted screen's first fetch may overlap the previous one's.
    const r = pool
      ? await call(jointPoolRoutes.jointPoolFetch, body, { quiet: true, dedupe: false })
      : await call(markingRoutes.fetch, body, { quiet: true, dedupe: false });
    fetching.current = false;
    if (!alive.current) return;
    const retryLater = (ms: number) => {
      timer.current = setTimeout(() => void refill(), ms);
    };
    if (!r.ok) {
      setUnreachable(r.retry);
      if (r.retry) retryLater(3000);
      else setEmpty(papers.current.length === 0);
      if (!r.retry && papers.current.length === 0) retryLater(5000);
      return;
    }
    setUnreachable(false);
    const known = new Set(papers.current.map((p) => p.taskId));
    // A pool paper names no student: the screen shows none.
    const list: LeasedPaper[] = r.data.list.map((p) => ({
      studentName: null,
      studentNo: null,
      ...p,
    }));
    const fresh = list.filter((p) => !known.has(p.taskId) && !optionsRef.current.isDone(p.taskId));
    const wasEmpty = papers.current.length === 0;
    papers.current = [...papers.current, ...fresh];
    setEmpty(papers.current.length === 0);
    if (wasEmpty && papers.current.length > 0) show();
    else {
      setAhead(Math.max(0, papers.current.length - 1));
      for (const next of papers.current.slice(1, PREFETCH + 1)) void loadCrop(next);
    }
    // Leases of unsent submits came back and filled the count: ask again shortly.
    if (papers.current.length === 0) retryLater(fresh.length === 0 && list.length ? 1500 : 5000);
  }, [call, pool, blockId, arbitration, show, loadCrop]);

  const advance = useCallback(() => {
    const gone = papers.current.shift();
    if (gone) crops.current.delete(gone.taskId);
    show();
    void refill();
  }, [show, refill]);

  useEffect(() => {
    alive.current = true;
    if (enabled) void refill();
    return () => {
      alive.current = false;
      if (timer.current) clearTimeout(timer.current);
    };
  }, [enabled, refill]);

  return {
    current,
    crop,
    ahead,
    empty: empty && !current,
    unreachable,
    hasCrop: (taskId) => crops.current.has(taskId),
    advance,
    refill: () => void refill(),
  };
}
