import {
  JUDGEMENT_LABELS,
  SUBMISSION_STATUS_LABELS,
  type Judgement,
  type SubmissionStatus as Status,
} from '@examkit/contracts/rules';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

/** The icons of spec 000 §4 (finished, modified, not submitted, right, wrong), and 待批改. */
const ICONS: Record<Status | Judgement, string> = {
  finished: '●',
  modified: '✎',
  not_submitted: '○',
  submitted: '…',
  right: '✓',
  wrong: '✗',
};

const Tag = styled.span<{ $tone: 'good' | 'bad' | 'plain' }>`
  display: inline-flex;
  gap: 4px;
  align-items: center;
  color: ${(p) =>
    p.$tone === 'good'
      ? themeOf(p).colors.success
      : p.$tone === 'bad'
        ? themeOf(p).colors.danger
        : 'inherit'};
`;

/** A hand-in's status, or a question's 对/错, as its icon with the text beside it. */
export function SubmissionStatus({ status }: { status: Status | Judgement }) {
  const label =
    status === 'right' || status === 'wrong'
      ? JUDGEMENT_LABELS[status]
      : SUBMISSION_STATUS_LABELS[status];
  const tone =
    status === 'right' || status === 'finished' ? 'good' : status === 'wrong' ? 'bad' : 'plain';
  return (
    <Tag $tone={tone}>
      <span aria-hidden="true">{ICONS[status]}</span>
      {label}
    </Tag>
  );
}
