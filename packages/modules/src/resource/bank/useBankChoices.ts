import { useCallback, useEffect, useState } from 'react';
import {
  resourceQuestionRoutes as R,
  type BankQuestionItem,
  type KnowledgeNode,
  type QuestionListQuery,
  type ResourceStage,
  type ResourceSubject,
} from '@examkit/contracts';
import { useApiCall } from '../../common/useApiCall';
import { useLatestRequest } from '../../common/useLatestRequest';

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

/**
 * One page of bank questions for the filters (`null` while the subject is unknown): the rows
 * (`null` while loading), the total, and `reload` after an edit. A late answer to older filters
 * is dropped.
 */
export function useQuestionPage(query: QuestionListQuery | null) {
  const call = useApiCall();
  const beginRequest = useLatestRequest();
  const [rows, setRows] = useState<BankQuestionItem[] | null>(null);
  const [total, setTotal] = useState(0);
  const key = query && JSON.stringify(query);
  const reload = useCallback(async () => {
    if (!key) return;
    const isLatest = beginRequest();
    const r = await call(R.questionList, JSON.parse(key) as QuestionListQuery, { dedupe: false });
    if (!isLatest()) return;
    if (r.ok) {
      setRows(r.data.list);
      setTotal(r.data.total);
    } else if (!r.cancelled) setRows([]);
  }, [call, beginRequest, key]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, total, reload };
}
