import { useCallback, useEffect, useMemo, useState } from 'react';
import { NavLink, useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import {
  homeworkWordExerciseRoutes as W,
  type WordExerciseSummary,
  type WordInput,
  WORD_EXERCISE_SUBJECTS,
} from '@examkit/contracts';
import { FormField, Select, themeOf } from '@examkit/ui';
import { Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useHomeworkOptions } from '../useHomeworkOptions';
import { TargetFilter } from '../report/ReportHeader';

/**
 * The caller's classes and teaching classes of 语文 and 英语 (for `TargetFilter`), the subjects
 * among them, and whether the options are loaded.
 */
export function useWordTargets() {
  const options = useHomeworkOptions();
  return useMemo(() => {
    const targets = new Map<
      string,
      { kind: 'class' | 'teachingClass'; id: number; name: string }
    >();
    const subjects = new Map<number, string>();
    for (const o of options ?? [])
      if ((WORD_EXERCISE_SUBJECTS as readonly string[]).includes(o.subjectName)) {
        subjects.set(o.subjectId, o.subjectName);
        for (const t of o.targets) targets.set(`${t.kind}:${t.id}`, t);
      }
    const list = [...targets.values()];
    return {
      loaded: options !== null,
      // Classes first, then teaching classes, as 布置 lists them.
      targets: [
        ...list.filter((t) => t.kind === 'class'),
        ...list.filter((t) => t.kind === 'teachingClass'),
      ],
      subjects: [...subjects].map(([value, label]) => ({ value, label })),
    };
  }, [options]);
}

/** What the 字词练习 pages share: the tabs, the list picker, the styled parts and the parsers. */

export const BASE = '/homework/word-exercise';

export const WordsBox = styled.textarea`
  width: 100%;
  min-height: 160px;
  font: inherit;
`;
export const Frame = styled.iframe`
  width: 100%;
  min-height: 70vh;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  background: ${(p) => themeOf(p).colors.surface};
`;
export const Chips = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px;
`;
export const Chip = styled.button`
  font: inherit;
  padding: 2px 8px;
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: 4px;
  background: ${(p) => themeOf(p).colors.surface};
  color: ${(p) => themeOf(p).colors.text};
  cursor: pointer;
  &[aria-pressed='true'] {
    background: ${(p) => themeOf(p).colors.danger};
    border-color: ${(p) => themeOf(p).colors.danger};
    color: #fff;
  }
`;

/** The tabs of 字词练习, keeping the chosen list. */
export function WordTabs({ id }: { id: number | null }) {
  const q = id === null ? '' : `?id=${id}`;
  return (
    <nav aria-label="字词练习">
      <Toolbar>
        <NavLink to={`${BASE}/question`}>字词列表</NavLink>
        <NavLink to={`${BASE}/card${q}`}>听写卡</NavLink>
        <NavLink to={`${BASE}/accuracy${q}`}>批改与正确率</NavLink>
        <NavLink to={`${BASE}/detail`}>学生详情</NavLink>
        <NavLink to={`${BASE}/wrong`}>错题本</NavLink>
      </Toolbar>
    </nav>
  );
}

/** The word lists the caller sees (null while loading). */
export function useExercises() {
  const call = useApiCall();
  const [list, setList] = useState<WordExerciseSummary[] | null>(null);
  const load = useCallback(async () => {
    const r = await call(W.wordExerciseList, { gradeId: null, subjectId: null });
    setList(r.ok ? r.data : []);
  }, [call]);
  useEffect(() => void load(), [load]);
  return { list, load };
}

/** `?id=` of the page, and a picker among the lists when there is none. */
export function useChosenId(): [number | null, (id: number | null) => void] {
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  return [id, (next) => setParams(next === null ? {} : { id: String(next) })];
}

export function ExercisePicker({
  list,
  id,
  onChange,
}: {
  list: WordExerciseSummary[] | null;
  id: number | null;
  onChange(id: number | null): void;
}) {
  return (
    <FormField label="字词练习">
      <Select
        value={id ?? ''}
        placeholder="请选择字词练习"
        options={(list ?? []).map((x) => ({
          value: x.id,
          label: `${x.name}（${x.gradeName}${x.subjectName}）`,
        }))}
        onChange={(e) => onChange(Number(e.target.value) || null)}
      />
    </FormField>
  );
}

/** A line `字词|拼音|释义` (also a tab, ｜ or a full-width comma between parts). */
export function parseWordLines(text: string): WordInput[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const [word = '', reading = '', ...meaning] = line.split(/[|｜\t]/).map((p) => p.trim());
      return { word, reading, meaning: meaning.join('，') };
    });
}

/** Numbers typed as `2 5 7` (also commas): the wrong words; null when something is not one. */
export function parsePositions(text: string, count: number): number[] | null {
  const parts = text.split(/[\s,，、]+/).filter((p) => p !== '');
  const out: number[] = [];
  for (const p of parts) {
    const n = Number(p);
    if (!Number.isInteger(n) || n < 1 || n > count) return null;
    if (!out.includes(n)) out.push(n);
  }
  return out.sort((a, b) => a - b);
}

/** A student in the 学生 picker of 学生详情 and 错题本. */
export interface PickedStudent {
  studentId: number;
  name: string;
  studentNo: string;
}

/**
 * The 班级 (a class or a teaching class) and 学生 pickers of 学生详情 and 错题本: choosing another
 * class clears the chosen student and the class's student list.
 */
export function ClassStudentPicker({
  targets,
  target,
  setTarget,
  students,
  setStudents,
  studentId,
  setStudentId,
}: {
  targets: ReturnType<typeof useWordTargets>['targets'];
  target: string;
  setTarget(value: string): void;
  students: readonly PickedStudent[];
  setStudents(students: []): void;
  studentId: number | null;
  setStudentId(id: number | null): void;
}) {
  return (
    <>
      <TargetFilter
        targets={targets}
        value={target}
        placeholder="请选择班级"
        onChange={(value) => {
          setStudentId(null);
          setStudents([]);
          setTarget(value);
        }}
      />
      <FormField label="学生">
        <Select
          value={studentId ?? ''}
          placeholder="全部学生"
          options={students.map((s) => ({
            value: s.studentId,
            label: `${s.name}（${s.studentNo}）`,
          }))}
          onChange={(e) => setStudentId(Number(e.target.value) || null)}
        />
      </FormField>
    </>
  );
}
