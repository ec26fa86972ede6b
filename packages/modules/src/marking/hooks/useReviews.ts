import { useCallback, useState } from 'react';
import { jointPoolRoutes, markingRoutes } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { formatPoints, newIdempotencyKey } from '../utils/scoring';
import { useMarkingCall } from './useMarkingCall';

/** A paper the marker marked, as 回评 lists it. */
export interface ReviewItem {
  taskId: number;
  paperId: number;
  score: number;
  submittedAt: number;
  canRescore: boolean;
}

/** The paper being re-marked, with its crop once loaded. */
export interface Reviewing {
  item: ReviewItem;
  crop: string | null;
}

/**
 * 回评 on the marking screen: the list of the marker's recent papers of the block (shown or
 * hidden, asked again each time it is toggled), the paper being re-marked, and its new score
 * sent once per click with a client UUID. `pool`: a 统一阅卷 pool block, through the pool's calls.
 */
export function useReviews(blockId: number, pool = false) {
  const call = useMarkingCall();
  const { notifier } = useExamkit();
  const [listOpen, setListOpen] = useState(false);
  const [items, setItems] = useState<ReviewItem[]>([]);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);

  const load = useCallback(async () => {
    const body = { blockId, limit: 20 };
    const r = pool
      ? await call(jointPoolRoutes.jointPoolReviewList, body, { quiet: true })
      : await call(markingRoutes.reviewList, body, { quiet: true });
    if (r.ok) setItems(r.data.list);
  }, [call, blockId, pool]);

  /** Shows or hides the list, and asks for it again. */
  const toggleList = () => {
    setListOpen((open) => !open);
    void load();
  };

  /** Opens a listed paper for 重评 and loads its crop. */
  const start = (item: ReviewItem) => {
    setReviewing({ item, crop: null });
    const cropped = pool
      ? call(jointPoolRoutes.jointPoolCrop, { taskId: item.taskId }, { dedupe: false })
      : call(markingRoutes.crop, { taskId: item.taskId }, { dedupe: false });
    void cropped.then((r) => {
      if (r.ok)
        setReviewing((rv) =>
          rv && rv.item.taskId === item.taskId ? { ...rv, crop: r.data.dataUrl } : rv,
        );
    });
  };

  /** Ends 回评 and goes back to marking. */
  const stop = () => setReviewing(null);

  /** Saves the new score of the paper being re-marked; on success 回评 ends and the list reloads. */
  const rescore = (body: { score: number } | { parts: number[] }) => {
    if (!reviewing) return;
    const { item } = reviewing;
    const request = { taskId: item.taskId, idempotencyKey: newIdempotencyKey(), ...body };
    const sent = pool
      ? call(jointPoolRoutes.jointPoolRescore, request)
      : call(markingRoutes.rescore, request);
    void sent.then((r) => {
      if (!r.ok) return;
      notifier.message('success', `回评已保存：${formatPoints(r.data.score)} 分`);
      setReviewing(null);
      void load();
    });
  };

  return { listOpen, items, reviewing, toggleList, start, stop, rescore };
}
