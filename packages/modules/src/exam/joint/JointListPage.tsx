import { lazy, Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { jointExamRoutes, type DataOf } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { useExamkitStore } from '@examkit/core/react';
import { useApiCall } from '../../common/useApiCall';
import { RowAction } from '../../common/RowAction';
import { ListTable } from '../../common/ListTable';
import { Actions, Note, PageBox, Toolbar } from '../components/styled';
import { STATE_LABELS } from '../utils/examLabels';
import { useRegionSchools } from './useRegionSchools';
import { useOrganiserSchools } from './useOrganiserSchools';

const RegionDialog = lazy(() => import('./RegionDialog'));

type Joint = DataOf<typeof jointExamRoutes.jointList>[number];

/** The states of the participating schools' exams, e.g. `示范中学：已完成；学校B：草稿`. */
const schoolStates = (joint: Joint) =>
  joint.schools.map((s) => `${s.label}（${STATE_LABELS[s.state]}）`).join('、');

/**
 * /exam/multiple (联合考试): the joint exams the caller organises or takes part in. The bureau or
 * a lead school's exam manager creates them; the organiser edits; everyone opens the joint report.
 */
export function JointListPage() {
  const call = useApiCall();
  const navigate = useNavigate();
  const loaded = useRegionSchools();
  const organiser = useOrganiserSchools();
  const [saved, setSaved] = useState<typeof loaded>(null);
  const region = saved ?? loaded;
  const [editingRegion, setEditingRegion] = useState(false);
  const schoolId = useExamkitStore((s) => s.user?.schoolId);
  const [rows, setRows] = useState<Joint[] | null>(null);

  useEffect(() => {
    void call(jointExamRoutes.jointList, {}).then((r) => setRows(r.ok ? r.data : []));
  }, [call]);

  return (
    <PageBox aria-labelledby="joint-list-title">
      <h1 id="joint-list-title">联合考试</h1>
      <Note>
        联考的每所学校各有一场本校考试，试卷结构和答案相同；各校在本校的考试中扫描或导入本校学生的成绩。
      </Note>
      {(organiser || region) && (
        <Toolbar>
          {/* The bureau, or a lead school's exam manager (docs/joint-exams.md#joint-exams). */}
          {organiser && (
            <Button type="primary" onClick={() => navigate('/exam/multiple/create')}>
              创建联考
            </Button>
          )}
          {/* The bureau administers its region (docs/joint-exams.md#regions). */}
          {region && <Button onClick={() => setEditingRegion(true)}>区域设置</Button>}
        </Toolbar>
      )}
      {region && editingRegion && schoolId !== undefined && (
        <Suspense fallback={null}>
          <RegionDialog
            region={region}
            currentSchoolId={schoolId}
            onClose={() => setEditingRegion(false)}
            onSaved={(next) => {
              setSaved(next);
              setEditingRegion(false);
            }}
          />
        </Suspense>
      )}
      <ListTable
        label="联考列表"
        rows={rows}
        headers={['联考名称', '类型', '考试日期', '组织者', '参考学校', '操作']}
      >
        {(joint) => (
          <tr key={joint.id}>
            <td>{joint.name}</td>
            <td>{joint.examType}</td>
            <td>{joint.examDate}</td>
            <td>{joint.organiser}</td>
            <td>{schoolStates(joint)}</td>
            <td>
              <Actions>
                <RowAction
                  text={joint.organising ? '编辑' : '查看'}
                  of={joint.name}
                  onClick={() => navigate(`/exam/multiple/edit/${joint.id}`)}
                />
                <RowAction
                  text="联考报告"
                  of={joint.name}
                  onClick={() => navigate(`/exam/multiple/report/grade/basic/${joint.id}`)}
                />
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
