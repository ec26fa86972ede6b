import { useState } from 'react';
import { styled } from 'styled-components';
import type { ScanException, ScanFixAction } from '@examkit/contracts';
import { Button, themeOf } from '@examkit/ui';
import { Actions, CellInput } from '../../exam/components/styled';
import {
  ACTION_LABELS,
  FIXES,
  KIND_LABELS,
  formatTime,
  type Participant,
} from '../utils/scanLabels';
import { SheetImageButton } from './SheetImageButton';
import { StudentCombobox } from './StudentCombobox';

/** The body of `exception/resolve` without the exception id. */
export interface FixInput {
  action: ScanFixAction;
  studentId?: number;
  answers?: { questionId: number; answer: string }[];
}

const Card = styled.li`
  list-style: none;
  margin: 0 0 12px;
  padding: 12px 14px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  background: ${(p) => themeOf(p).colors.surface};
  h3 {
    margin: 0 0 6px;
    font-size: 15px;
  }
  p {
    margin: 4px 0;
  }
  label {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    margin-right: 12px;
  }
  .answers {
    display: flex;
    flex-wrap: wrap;
    gap: 8px 16px;
    margin: 8px 0;
  }
  .answers input {
    width: 64px;
  }
`;

/** One open exception: reason, image, and the fixes its kind takes. */
export function ExceptionItem({
  item,
  roster,
  busy,
  onFix,
}: {
  item: ScanException;
  roster: readonly Participant[];
  busy: boolean;
  onFix: (fix: FixInput) => void;
}) {
  const fixes: readonly ScanFixAction[] = FIXES[item.kind] ?? [];
  const title = `${KIND_LABELS[item.kind]} #${item.id}`;
  const [studentId, setStudentId] = useState<number | null>(null);
  const reviewed = item.answers.filter((a) => a.status === 'review');
  const [answers, setAnswers] = useState<Record<number, string>>(() =>
    Object.fromEntries(reviewed.map((a) => [a.questionId, a.answer])),
  );
  const button = (action: ScanFixAction, extra: Omit<FixInput, 'action'> = {}) => (
    <Button
      key={action}
      size="small"
      type={action === 'discard' || action === 'rescan' ? 'default' : 'primary'}
      disabled={busy}
      aria-label={`${ACTION_LABELS[action]}（${title}）`}
      onClick={() => onFix({ action, ...extra })}
    >
      {ACTION_LABELS[action]}
    </Button>
  );
  return (
    <Card aria-label={title}>
      <h3>{title}</h3>
      <p>{item.reason}</p>
      <p>
        {item.examNoRead ? `识别考号：${item.examNoRead} · ` : ''}
        {item.student ? `考生：${item.student.name}（${item.student.examNo}） · ` : ''}
        {item.batchId ? `批次 ${item.batchId} · ` : ''}
        {formatTime(item.createdAt)}
      </p>
      {item.kind === 'bubble_review' && reviewed.length > 0 && (
        <div className="answers">
          {reviewed.map((a) => (
            <label key={a.questionId}>
              第{a.number}题{a.flags.length > 0 ? `（${a.flags.map(flagLabel).join('、')}）` : ''}
              <CellInput
                aria-label={`第${a.number}题答案（#${item.id}）`}
                value={answers[a.questionId] ?? ''}
                onChange={(e) =>
                  setAnswers((s) => ({ ...s, [a.questionId]: e.target.value.toUpperCase() }))
                }
              />
            </label>
          ))}
        </div>
      )}
      <Actions>
        {item.sheetId != null && item.hasImage && (
          <SheetImageButton sheetId={item.sheetId} label={`查看图片（${title}）`} />
        )}
        {fixes.includes('assign') && (
          <>
            <StudentCombobox
              label={`选择考生（${title}）`}
              roster={roster}
              value={studentId}
              onChange={setStudentId}
              disabled={busy}
            />
            <Button
              size="small"
              type="primary"
              disabled={busy || studentId === null}
              aria-label={`指定考生（${title}）`}
              onClick={() => studentId !== null && onFix({ action: 'assign', studentId })}
            >
              指定考生
            </Button>
          </>
        )}
        {fixes.includes('answer') &&
          reviewed.length > 0 &&
          button('answer', {
            answers: reviewed.map((a) => ({
              questionId: a.questionId,
              answer: (answers[a.questionId] ?? '').trim(),
            })),
          })}
        {fixes.filter((a) => a !== 'assign' && a !== 'answer').map((a) => button(a))}
      </Actions>
    </Card>
  );
}

const FLAG_LABELS: Record<string, string> = {
  faint: '填涂过浅',
  multiple: '多涂',
  erasure: '擦除痕迹',
  blank: '未填涂',
};
const flagLabel = (f: string) => FLAG_LABELS[f] ?? f;
