import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { basketRoutes } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, Empty, FormField, LOADING_TEXT, TextInput, themeOf } from '@examkit/ui';
import { announceBasketChanged } from '../../common/basketEvents';
import { ErrorText, PageBox, Spacer, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { RichText } from '../components/RichText';
import {
  deleteSection,
  draftFromGroups,
  draftProblem,
  fullMarksOf,
  moveByStep,
  moveTo,
  sectionKey,
  type DraftSection,
  type Place,
} from './paperDraft';

const Header = styled.fieldset`
  display: grid;
  grid-template-columns: 2fr 2fr 1fr 1fr;
  gap: 12px;
  align-items: end;
  margin: 0 0 16px;
  padding: 12px 16px 0;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  legend {
    padding: 0 4px;
  }
`;

const Section = styled.section`
  margin-bottom: 16px;
  padding: 12px 16px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
`;

const SectionHead = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  margin-bottom: 8px;
  h2 {
    font-size: 16px;
    margin: 0;
    white-space: nowrap;
  }
  input {
    max-width: 260px;
  }
`;

const Items = styled.ol`
  margin: 0;
  padding: 0;
  min-height: 32px;
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: 40px 1fr 110px auto;
  gap: 8px;
  align-items: center;
  padding: 8px 0;
  list-style: none;
  border-top: 1px dashed ${(p) => themeOf(p).colors.border};
  cursor: grab;
  &[data-dragging] {
    opacity: 0.5;
  }
`;

const Stem = styled.div`
  max-height: 4.8em;
  overflow: hidden;
`;

const Score = styled.label`
  display: flex;
  gap: 4px;
  align-items: center;
  input {
    width: 64px;
  }
`;

const Numerals = '一二三四五六七八九十';
const numeral = (i: number) => Numerals[i] ?? String(i + 1);

/** A request key per page visit, so a retried save makes one paper. */
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `k${Date.now()}${Math.random().toString(36).slice(2)}`;

/**
 * /resource/basket-confirm and /resource/group-paper (组卷): the basket's questions as a paper —
 * its header (title, subtitle, time; the full marks add up), sections to add, rename and delete,
 * the order by drag or by the 上移/下移 buttons (keyboard), a score per question — then 保存试卷.
 */
export function GroupPaperPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const { store } = useExamkit();
  const [params] = useSearchParams();
  const subject = params.get('subject') ?? store.getState().subjectInfo.subjectCode;
  const gradeNum = Number(params.get('gradeNum') ?? store.getState().subjectInfo.gradeNum) || null;
  const [sections, setSections] = useState<DraftSection[] | null>(null);
  const [title, setTitle] = useState('');
  const [subtitle, setSubtitle] = useState('');
  const [duration, setDuration] = useState('90');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState<Place | null>(null);
  const [requestKey] = useState(newKey);
  const focusAfter = useRef<string | null>(null);

  useEffect(() => {
    if (!subject) {
      setSections([]);
      return;
    }
    void call(basketRoutes.list, { subjectCode: subject }, { dedupe: false }).then((r) => {
      if (r.ok) setSections(draftFromGroups(r.data.groups));
    });
  }, [call, subject]);

  // Keeps the keyboard on the moved question's button after a move.
  useEffect(() => {
    if (!focusAfter.current) return;
    document.getElementById(focusAfter.current)?.focus();
    focusAfter.current = null;
  });

  if (!sections) return <p>{LOADING_TEXT}</p>;
  const total = fullMarksOf(sections);
  const count = sections.reduce((n, s) => n + s.items.length, 0);
  let number = 0;

  const step = (from: Place, delta: -1 | 1, questionId: number) => {
    const moved = moveByStep(sections, from, delta);
    setSections(moved.sections);
    focusAfter.current = `move-${delta < 0 ? 'up' : 'down'}-${questionId}`;
  };
  const rename = (index: number, value: string) =>
    setSections(sections.map((s, i) => (i === index ? { ...s, title: value } : s)));
  const setScore = (place: Place, value: string) =>
    setSections(
      sections.map((s, i) =>
        i !== place.section
          ? s
          : {
              ...s,
              items: s.items.map((it, k) =>
                k === place.index ? { ...it, score: Number(value) } : it,
              ),
            },
      ),
    );
  const drop = (to: Place) => {
    if (!dragging) return;
    setSections(moveTo(sections, dragging, to));
    setDragging(null);
  };

  const save = async () => {
    const issue = draftProblem(title, sections);
    const minutes = Number(duration);
    setProblem(
      issue ??
        (Number.isInteger(minutes) && minutes > 0 && minutes <= 600
          ? null
          : '考试时长应为 1 到 600 分钟'),
    );
    if (issue || !(Number.isInteger(minutes) && minutes > 0 && minutes <= 600)) return;
    setSaving(true);
    const r = await call(
      basketRoutes.savePaper,
      {
        requestKey,
        paper: {
          subjectCode: subject,
          title: title.trim(),
          subtitle: subtitle.trim(),
          durationMinutes: minutes,
          gradeNum,
          sections: sections.map((s) => ({
            title: s.title.trim(),
            questions: s.items.map((it) => ({ questionId: it.question.id, score: it.score })),
          })),
        },
      },
      { successMessage: '试卷已保存' },
    );
    setSaving(false);
    if (!r.ok) return;
    announceBasketChanged();
    navigate(`/resource/paper/school-detail?id=${r.data.paperId}`);
  };

  if (count === 0 && sections.length === 0)
    return (
      <PageBox aria-labelledby="group-title">
        <h1 id="group-title">组卷</h1>
        <Empty text="试题篮是空的，请先选择试题" />
      </PageBox>
    );

  return (
    <PageBox aria-labelledby="group-title">
      <h1 id="group-title">组卷</h1>
      <Header>
        <legend>试卷信息</legend>
        <FormField label="试卷标题" required>
          <TextInput value={title} maxLength={80} onChange={(e) => setTitle(e.target.value)} />
        </FormField>
        <FormField label="副标题">
          <TextInput
            value={subtitle}
            maxLength={120}
            onChange={(e) => setSubtitle(e.target.value)}
          />
        </FormField>
        <FormField label="考试时长（分钟）">
          <TextInput
            type="number"
            min={1}
            max={600}
            value={duration}
            onChange={(e) => setDuration(e.target.value)}
          />
        </FormField>
        <p aria-live="polite">
          共 {count} 题，满分 <strong>{total}</strong> 分
        </p>
      </Header>
      {sections.map((s, si) => (
        <Section
          key={s.key}
          aria-label={`第${numeral(si)}大题`}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => drop({ section: si, index: s.items.length })}
        >
          <SectionHead>
            <h2>{numeral(si)}、</h2>
            <TextInput
              aria-label={`第${numeral(si)}大题标题`}
              value={s.title}
              maxLength={60}
              onChange={(e) => rename(si, e.target.value)}
            />
            <span>
              {s.items.length} 题，{fullMarksOf([s])} 分
            </span>
            <Spacer />
            <Button
              size="small"
              disabled={sections.length <= 1}
              aria-label={`删除大题：第${numeral(si)}大题`}
              onClick={() => setSections(deleteSection(sections, si))}
            >
              删除大题
            </Button>
          </SectionHead>
          <Items>
            {s.items.map((it, i) => {
              number += 1;
              const place = { section: si, index: i };
              const name = `第 ${number} 题`;
              const first = si === 0 && i === 0;
              const last = si === sections.length - 1 && i === s.items.length - 1;
              return (
                <Row
                  key={it.question.id}
                  draggable
                  data-dragging={dragging?.section === si && dragging.index === i ? '' : undefined}
                  onDragStart={() => setDragging(place)}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(e) => e.preventDefault()}
                  onDrop={(e) => {
                    e.stopPropagation();
                    drop(place);
                  }}
                  aria-label={name}
                >
                  <strong>{number}.</strong>
                  <Stem>
                    <RichText text={it.question.stem} />
                  </Stem>
                  <Score>
                    <TextInput
                      type="number"
                      min={0.5}
                      max={200}
                      step={0.5}
                      aria-label={`${name}分值`}
                      value={String(it.score)}
                      onChange={(e) => setScore(place, e.target.value)}
                    />
                    分
                  </Score>
                  <span>
                    <Button
                      id={`move-up-${it.question.id}`}
                      size="small"
                      disabled={first}
                      aria-label={`上移${name}`}
                      onClick={() => step(place, -1, it.question.id)}
                    >
                      上移
                    </Button>{' '}
                    <Button
                      id={`move-down-${it.question.id}`}
                      size="small"
                      disabled={last}
                      aria-label={`下移${name}`}
                      onClick={() => step(place, 1, it.question.id)}
                    >
                      下移
                    </Button>
                  </span>
                </Row>
              );
            })}
          </Items>
        </Section>
      ))}
      {problem && <ErrorText role="alert">{problem}</ErrorText>}
      <Toolbar>
        <Button
          onClick={() =>
            setSections([...sections, { key: sectionKey(), title: '新大题', items: [] }])
          }
        >
          新增大题
        </Button>
        <Spacer />
        <Button
          onClick={() =>
            navigate(
              `/resource/basket?${new URLSearchParams({ gradeNum: String(gradeNum ?? ''), subject })}`,
            )
          }
        >
          返回试题篮
        </Button>
        <Button type="primary" loading={saving} onClick={() => void save()}>
          保存试卷
        </Button>
      </Toolbar>
    </PageBox>
  );
}
