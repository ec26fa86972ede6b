import { useEffect, useState } from 'react';
import { styled } from 'styled-components';
import { isNetworkFailure, type AuthClient, type ApiEnvelope } from '@examkit/core';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { themeOf } from '@examkit/ui';
import { messageOf } from '../utils/messageOf';

type SchoolDetail = Extract<Awaited<ReturnType<AuthClient['schoolDetail']>>, ApiEnvelope>['data'];

const Title = styled.h1`
  font-size: 20px;
  margin: 24px 0 8px;
`;

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(4, minmax(0, 1fr));
  gap: 16px;
  margin: 16px 0;
  div {
    background: ${(p) => themeOf(p).colors.surface};
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: ${(p) => themeOf(p).radius.large};
    padding: 20px;
  }
  dt {
    color: ${(p) => themeOf(p).colors.textSecondary};
  }
  dd {
    margin: 8px 0 0;
    font-size: 28px;
    font-weight: 600;
  }
`;

const FIGURES: [keyof SchoolDetail, string][] = [
  ['classCount', '班级数'],
  ['studentCount', '学生数'],
  ['teacherCount', '教师数'],
  ['gradeCount', '年级数'],
];

/** The home page: the signed-in school's real figures and academic year (`get_detail_school`). */
export function HomePage() {
  const { auth } = useExamkit();
  const nickName = useExamkitStore((s) => s.user?.nickName ?? '');
  const [detail, setDetail] = useState<SchoolDetail | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    auth.schoolDetail().then(
      (result) => {
        if (!live) return;
        if (isNetworkFailure(result)) setError(result.message);
        else setDetail(result.data);
      },
      (reply: unknown) => {
        if (live) setError(messageOf(reply));
      },
    );
    return () => {
      live = false;
    };
  }, [auth]);

  return (
    <section aria-labelledby="examkit-home-title">
      <Title id="examkit-home-title">{detail ? detail.schoolName : '首页'}</Title>
      <p>
        {nickName ? `${nickName}，欢迎回来。` : '欢迎回来。'}
        {detail && ` 当前学年：${detail.academicYear}-${detail.academicYear + 1}学年`}
      </p>
      {error && <p role="alert">学校概况加载失败：{error}</p>}
      {!detail && !error && <p>正在加载学校概况…</p>}
      {detail && (
        <Figures aria-label="学校概况">
          {FIGURES.map(([key, label]) => (
            <div key={key}>
              <dt>{label}</dt>
              <dd>{detail[key]}</dd>
            </div>
          ))}
        </Figures>
      )}
    </section>
  );
}
