import { lazy, Suspense } from 'react';
import { useNavigate } from 'react-router-dom';
import { analyticRoutes } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ConfirmDialog } from '../../common/ConfirmDialog';
import { ListTable } from '../../common/ListTable';
import { RowAction } from '../../common/RowAction';
import { useMyScope } from '../../common/useMyScope';
import { Actions, Note, PageBox, Toolbar } from '../components/styled';
import { KIND_LABELS, reportPath } from './analyticLabels';
import { useAnalysisList } from './useAnalysisList';

// Only an education bureau's seat shows 区域分析: loaded when it does.
const RegionAnalysisSection = lazy(() =>
  import('./RegionAnalysisSection').then((m) => ({ default: m.RegionAnalysisSection })),
);

/**
 * /exam/analyticCenter (分析中心): the school's analyses, each combining several exams; for an
 * education bureau also its region's own analyses (区域分析).
 */
export function AnalyticListPage() {
  const navigate = useNavigate();
  const { rows, removing, setRemoving, remove } = useAnalysisList(
    analyticRoutes.analyticList,
    analyticRoutes.analyticRemove,
  );
  // An education bureau's seat reads: no 新建分析, 编辑 or 删除 (the server refuses them too).
  const writes = useMyScope()?.reader !== true;

  return (
    <PageBox aria-labelledby="analytic-title">
      <h1 id="analytic-title">分析中心</h1>
      <Note>
        把几场考试（单校考试或联考）合成一个分析，查看学生、班级和学校在这些考试中的变化趋势和百分位。
      </Note>
      {writes && (
        <Toolbar>
          <Button type="primary" onClick={() => navigate('/exam/analyticCenter/create')}>
            新建分析
          </Button>
        </Toolbar>
      )}
      <ListTable
        label="分析列表"
        rows={rows}
        empty="暂无分析"
        headers={['分析名称', '类型', '考试', '操作']}
      >
        {(a) => (
          <tr key={a.id}>
            <td>{a.name}</td>
            <td>{KIND_LABELS[a.kind]}</td>
            <td>{a.exams.map((e) => `${e.name}（${e.examDate}）`).join('、')}</td>
            <td>
              <Actions>
                <RowAction
                  text="查看报告"
                  of={a.name}
                  onClick={() => navigate(reportPath(a.kind, 'grade', a.id))}
                />
                {writes && (
                  <>
                    <RowAction
                      text="编辑"
                      of={a.name}
                      onClick={() => navigate(`/exam/analyticCenter/edit/${a.id}`)}
                    />
                    <RowAction text="删除" of={a.name} onClick={() => setRemoving(a)} />
                  </>
                )}
              </Actions>
            </td>
          </tr>
        )}
      </ListTable>
      <ConfirmDialog
        open={removing !== null}
        title="删除分析"
        confirmLabel="确定删除"
        onCancel={() => setRemoving(null)}
        onConfirm={() => void remove()}
      >
        删除分析“{removing?.name}”？其中的考试和成绩不受影响。
      </ConfirmDialog>
      {!writes && (
        <Suspense fallback={null}>
          <RegionAnalysisSection />
        </Suspense>
      )}
    </PageBox>
  );
}
