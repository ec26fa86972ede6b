import { useEffect, useState } from 'react';
import { markingRoutes, type MarkingBlock } from '@examkit/contracts';
import { useMarkingCall } from './useMarkingCall';

/** The block `blockId` as the monitor pages show it, null until it loads (or with no id). */
export function useMarkingBlock(blockId: number) {
  const call = useMarkingCall();
  const [block, setBlock] = useState<MarkingBlock | null>(null);
  useEffect(() => {
    if (!blockId) return;
    // dedupe off: a page may ask for its block beside the frame's own call.
    void call(markingRoutes.getBlock, { blockId }, { quiet: true, dedupe: false }).then((r) => {
      if (r.ok) setBlock(r.data);
    });
  }, [call, blockId]);
  return block;
}
