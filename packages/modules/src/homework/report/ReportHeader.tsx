import { useState } from 'react';
import { NavLink, useParams } from 'react-router-dom';
import type { ReportTarget } from '@examkit/contracts';
import { FormField, LOADING_TEXT, Select } from '@examkit/ui';
import { styled } from 'styled-components';
import { Toolbar } from '../../common/styled';

/** A report's row of tab links, the current one underlined. */
export const ReportTabsNav = styled.nav`
  display: flex;
  gap: 16px;
  margin-bottom: 12px;
  a[aria-current='page'] {
    font-weight: 600;
    text-decoration: underline;
  }
`;

/** The chosen class or teaching class of a report (`class:3`, `teachingClass:5`, '' all). */
export function targetBody(value: string) {
  const [kind, id] = value.split(':');
  return {
    classId: kind === 'class' ? Number(id) : null,
    teachingClassId: kind === 'teachingClass' ? Number(id) : null,
  };
}

/** The 班级 filter: 全部班级, each class, each teaching class marked （教学班）; see `targetBody`. */
export function TargetFilter({
  targets,
  value,
  onChange,
  placeholder,
}: {
  targets: readonly Pick<ReportTarget, 'kind' | 'id' | 'name'>[];
  value: string;
  onChange(value: string): void;
  /** Where one class or teaching class must be chosen: the empty choice's text instead of 全部班级. */
  placeholder?: string | undefined;
}) {
  return (
    <FormField label="班级">
      <Select
        value={value}
        {...(placeholder !== undefined && { placeholder })}
        options={[
          ...(placeholder === undefined ? [{ value: '', label: '全部班级' }] : []),
          ...targets.map((t) => ({
            value: `${t.kind}:${t.id}`,
            label: t.kind === 'class' ? t.name : `${t.name}（教学班）`,
          })),
        ]}
        onChange={(e) => onChange(e.target.value)}
      />
    </FormField>
  );
}

/**
 * A homework report page's homework (the route's `:id`) and chosen class: `body` asks a report
 * of them, null without an id.
 */
export function useReportTarget() {
  const id = Number(useParams().id);
  const [target, setTarget] = useState('');
  const body = id > 0 ? { id, ...targetBody(target) } : null;
  return { id, target, setTarget, body };
}

/**
 * The heading of a homework's report with its three tabs and the class filter, then the report's
 * error or that it is loading.
 */
export function ReportHeader({
  id,
  name,
  targets,
  target,
  onTarget,
  error,
  loading,
}: {
  id: number;
  name: string | null;
  targets: readonly ReportTarget[];
  target: string;
  onTarget(value: string): void;
  error: string | null;
  loading: boolean;
}) {
  const base = `/homework/school-base/${id}/report`;
  return (
    <>
      <h1>作业报告{name ? ` · ${name}` : ''}</h1>
      <ReportTabsNav aria-label="报告分类">
        <NavLink to={`${base}/basic`}>基本情况</NavLink>
        <NavLink to={`${base}/comment`}>讲评</NavLink>
        <NavLink to={`${base}/student`}>学生</NavLink>
        <NavLink to="/homework/school-base" end>
          返回作业列表
        </NavLink>
      </ReportTabsNav>
      <Toolbar>
        <TargetFilter targets={targets} value={target} onChange={onTarget} />
      </Toolbar>
      {error && <p role="alert">{error}</p>}
      {loading && <p role="status">{LOADING_TEXT}</p>}
    </>
  );
}
