import { useCallback, useEffect, useState } from 'react';
import {
  resourceQuestionRoutes as R,
  type KnowledgeNode,
  type ResourceStage,
  type ResourceSubject,
} from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';

/** The school's subjects and stages (with grades), loaded once per page. */
export function useBankChoices() {
  const call = useApiCall();
  const [subjects, setSubjects] = useState<ResourceSubject[]>([]);
  const [stages, setStages] = useState<ResourceStage[]>([]);
  useEffect(() => {
    void call(R.listSubject, {}).then((r) => r.ok && setSubjects(r.data));
    void call(R.listStage, {}).then((r) => r.ok && setStages(r.data));
  }, [call]);
  return { subjects, stages };
}

/** The knowledge tree of a subject and stage, and a way to load it again after an edit. */
export function useKnowledgeTree(subjectCode: string, stage: number | null) {
  const call = useApiCall();
  const [nodes, setNodes] = useState<KnowledgeNode[]>([]);
  const reload = useCallback(async () => {
    if (!subjectCode || !stage) return setNodes([]);
    const r = await call(
      R.listPoint,
      { subjectCode, stage: stage as 1 | 2 | 3 },
      { dedupe: false },
    );
    if (r.ok) setNodes(r.data);
  }, [call, subjectCode, stage]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { nodes, reload };
}

/** Children of each node id (`null`: the top level), in order. */
export function childrenOf(nodes: readonly KnowledgeNode[]): Map<number | null, KnowledgeNode[]> {
  const map = new Map<number | null, KnowledgeNode[]>();
  for (const n of nodes) map.set(n.parentId, [...(map.get(n.parentId) ?? []), n]);
  return map;
}
