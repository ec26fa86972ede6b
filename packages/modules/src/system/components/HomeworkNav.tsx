import { NavLink } from 'react-router-dom';

/** Links between 作业设置 and 教材关联 (both need System-Homework). */
export function HomeworkNav() {
  return (
    <nav aria-label="作业设置" style={{ display: 'flex', gap: 16, marginBottom: 16 }}>
      <NavLink to="/system/homework" end>
        作业设置
      </NavLink>
      <NavLink to="/system/homework/correlation">教材关联</NavLink>
    </nav>
  );
}
