import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  HOMEWORK_SUBMISSION_IMAGE_URL,
  homeworkSubmissionRoutes as r,
  type Annotation,
  type CorrectionOverview,
  type SubmissionDetail,
} from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button } from '@examkit/ui';
import { styled } from 'styled-components';
import { fetchImage } from '../../common/fetchImage';
import { ListTable } from '../../common/ListTable';
import { Note, PageBox } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import type { ScorePanelHandle } from '../../marking/components/ScorePanel';
import { useMarkingShortcuts } from '../../marking/hooks/useMarkingShortcuts';
import { formatPoints } from '../../marking/utils/scoring';
import { AnnotatedImage } from './AnnotatedImage';
import { SubmissionStatus } from './SubmissionStatus';

/**
 * The parts both correction screens (作业批改 /homework/correct and 作文批改
 * /homework/composition/correct) are built from: the two-column layout, the 学生名单, a
 * question's images of a hand-in (the first part with the teacher's marks, then the parts
 * continued on later pages) and the hand-in that opens after a score.
 */

export const CorrectionLayout = styled.div<{ $side?: number }>`
  display: grid;
  grid-template-columns: minmax(0, 2fr) minmax(${(p) => p.$side ?? 280}px, 1fr);
  gap: 16px;
  align-items: start;
`;

export const CorrectionSide = styled.div`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const Continued = styled.figure`
  margin: 8px 0 0;
  img {
    display: block;
    max-width: 100%;
    border: 1px solid #d0d7de;
  }
  figcaption {
    font-size: 13px;
    color: #57606a;
  }
`;

/** The screen without `?id=`: where to choose a homework. */
export function CorrectionStart({
  titleId,
  title,
  list,
  noun,
}: {
  titleId: string;
  title: string;
  list: { to: string; label: string };
  /** 作业 or 作文. */
  noun: string;
}) {
  return (
    <PageBox aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <Note>
        请在<Link to={list.to}>{list.label}</Link>列表中选择已布置的{noun}，点击“批改”。
      </Note>
    </PageBox>
  );
}

/** The hand-ins after `submissionId` in the list's order; undefined: it was the last. */
export function nextHandIn(
  overview: CorrectionOverview | null,
  submissionId: number,
): number | undefined {
  const handedIn = overview?.students.filter((s) => s.submissionId !== null) ?? [];
  const at = handedIn.findIndex((s) => s.submissionId === submissionId);
  return handedIn[at + 1]?.submissionId ?? undefined;
}

/** The overview of a homework's hand-ins and the hand-in being corrected. */
export function useCorrection(id: number) {
  const call = useApiCall();
  const [overview, setOverview] = useState<CorrectionOverview | null>(null);
  const [current, setCurrent] = useState<SubmissionDetail | null>(null);
  const load = useCallback(async () => {
    if (!id) return null;
    const o = await call(r.correctOverview, { id });
    if (!o.ok) return null;
    setOverview(o.data);
    return o.data;
  }, [call, id]);
  useEffect(() => void load(), [load]);
  const open = useCallback(
    async (submissionId: number) => {
      const d = await call(r.submission, { submissionId });
      if (d.ok) setCurrent(d.data);
      return d.ok;
    },
    [call],
  );
  return { call, overview, load, current, setCurrent, open };
}

/**
 * The images of one question of a hand-in: its crop, then each part continued on a later page
 * (null while loading). Object URLs are revoked when the hand-in or question changes.
 */
export function useAnswerImages(
  submission: SubmissionDetail | null,
  questionNo: number | null,
): (string | null)[] {
  const { http, storage, notifier } = useExamkit();
  const answer = submission?.answers.find((a) => a.questionNo === questionNo);
  const parts = answer?.hasImage ? 1 + answer.continuedParts : 0;
  const [images, setImages] = useState<(string | null)[]>([]);
  useEffect(() => {
    setImages(Array.from({ length: parts }, () => null));
    if (!submission || questionNo === null || parts === 0) return;
    const urls: string[] = [];
    let stale = false;
    for (let part = 0; part < parts; part++)
      void fetchImage(
        `${HOMEWORK_SUBMISSION_IMAGE_URL}?submissionId=${submission.id}&questionNo=${questionNo}${part > 0 ? `&part=${part}` : ''}`,
        storage,
        http,
      ).then((x) => {
        if (!x.ok) return notifier.message('error', x.message);
        if (stale) return URL.revokeObjectURL(x.url);
        urls.push(x.url);
        setImages((list) => list.map((u, i) => (i === part ? x.url : u)));
      });
    return () => {
      stale = true;
      for (const u of urls) URL.revokeObjectURL(u);
    };
  }, [submission?.id, questionNo, parts, storage, http, notifier]); // eslint-disable-line react-hooks/exhaustive-deps
  return images;
}

/**
 * A question's images: the first with the marks (a click places one when `onPlace` is given),
 * then the parts continued on later pages, each captioned 续写部分.
 */
export function AnswerImages({
  submission,
  questionNo,
  alt,
  annotations,
  onPlace,
  empty,
}: {
  submission: SubmissionDetail;
  questionNo: number;
  alt: string;
  annotations: readonly Annotation[];
  onPlace?(x: number, y: number): void;
  empty: ReactNode;
}) {
  const images = useAnswerImages(submission, questionNo);
  if (images.length === 0) return <Note>{empty}</Note>;
  const [first, ...rest] = images;
  return (
    <div>
      {first ? (
        <AnnotatedImage
          src={first}
          alt={alt}
          annotations={annotations}
          {...(onPlace ? { onPlace } : {})}
        />
      ) : (
        <Note>图片加载中…</Note>
      )}
      {rest.map((src, i) => (
        <Continued key={i}>
          <figcaption>续写部分（第 {i + 2} 部分，接上一页）</figcaption>
          {src ? <img src={src} alt={`${alt}（续写部分 ${i + 1}）`} /> : <Note>图片加载中…</Note>}
        </Continued>
      ))}
    </div>
  );
}

/** The 学生名单: every student with status and score, 批改 for those who handed in. */
export function CorrectionRoster({
  overview,
  currentId,
  onOpen,
}: {
  overview: CorrectionOverview | null;
  currentId: number | undefined;
  onOpen(submissionId: number): void;
}) {
  return (
    <ListTable
      label="学生名单"
      rows={overview?.students ?? null}
      headers={['学号', '姓名', '状态', '得分', '操作']}
    >
      {(s) => (
        <tr key={s.studentId} aria-current={s.submissionId === currentId ? 'true' : undefined}>
          <td>{s.studentNo}</td>
          <td>
            {s.className} {s.name}
          </td>
          <td>
            <SubmissionStatus status={s.status} />
          </td>
          <td>{s.score === null ? '—' : formatPoints(s.score)}</td>
          <td>
            {s.submissionId !== null ? (
              <Button
                size="small"
                aria-label={`批改：${s.name}`}
                onClick={() => onOpen(s.submissionId!)}
              >
                批改
              </Button>
            ) : (
              '—'
            )}
          </td>
        </tr>
      )}
    </ListTable>
  );
}

/** The screen's score panel: the marking keys (digits, Enter…) typed anywhere go to it. */
export function useKeyedScorePanel() {
  const panel = useRef<ScorePanelHandle>(null);
  useMarkingShortcuts(
    () => false,
    (key) => panel.current?.type(key),
  );
  return panel;
}
