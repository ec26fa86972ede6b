import { NavLink } from 'react-router-dom';
import { styled } from 'styled-components';
import { themeOf } from '@examkit/ui';

const STEPS = [
  ['edit', '考试概况'],
  ['createSetQuestion', '设置试题'],
  ['setAnswer', '设置答案'],
  ['createSetTime', '设置时间'],
  ['answerStatistics', '答题统计'],
] as const;

const Nav = styled.nav`
  margin-bottom: 16px;
  ol {
    display: flex;
    flex-wrap: wrap;
    gap: 8px;
    margin: 0;
    padding: 0;
    list-style: none;
  }
  a {
    display: inline-block;
    padding: 4px 12px;
    border: 1px solid ${(p) => themeOf(p).colors.border};
    border-radius: 14px;
    text-decoration: none;
  }
  a[aria-current='page'] {
    border-color: ${(p) => themeOf(p).colors.primaryHover};
    font-weight: 600;
  }
`;

/** The steps of an online exam, each a link to its page for the exam `id`. */
export function OnlineSteps({ id }: { id: number }) {
  return (
    <Nav aria-label="在线考试步骤">
      <ol>
        {STEPS.map(([step, label], i) => (
          <li key={step}>
            <NavLink to={`/exam/single/Online/${step}?id=${id}`}>
              {i + 1}. {label}
            </NavLink>
          </li>
        ))}
      </ol>
    </Nav>
  );
}
