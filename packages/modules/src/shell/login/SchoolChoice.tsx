import type { SchoolOption } from '@examkit/core';
import { Button } from '@examkit/ui';
import { styled } from 'styled-components';

export interface SchoolChoiceProps {
  schools: readonly SchoolOption[];
  onChoose: (schoolId: number) => void;
  onCancel: () => void;
  pending: boolean;
}

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 12px 0;
  display: grid;
  gap: 8px;
  button {
    width: 100%;
  }
`;

/** After a 6002 reply: the schools the account belongs to, one button each. */
export function SchoolChoice({ schools, onChoose, onCancel, pending }: SchoolChoiceProps) {
  return (
    <section aria-labelledby="examkit-school-choice">
      <h2 id="examkit-school-choice">请选择登录学校</h2>
      <p>该账号属于多所学校，请选择要登录的学校。</p>
      <List>
        {schools.map((school) => (
          <li key={school.schoolId}>
            <Button type="plain" disabled={pending} onClick={() => onChoose(school.schoolId)}>
              {school.schoolName}
            </Button>
          </li>
        ))}
      </List>
      <Button type="text" onClick={onCancel}>
        返回
      </Button>
    </section>
  );
}
