import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { jointExamRoutes, jointReportRoutes, type DataOf } from '@examkit/contracts';
import { Select } from '@examkit/ui';
import { DownloadJobButton } from '../../common/DownloadJobButton';
import { useApiCall } from '../../common/useApiCall';
import { Note, PageBox, Toolbar } from '../components/styled';

type Joint = DataOf<typeof jointExamRoutes.jointList>[number];

/**
 * /exam/multiple/report-pdf (联考报告导出): the joint report as one PDF, made in the download
 * centre; opened from the joint report's 导出PDF with `?jointExamId=`, or a joint exam chosen here.
 */
export function JointReportPdfPage() {
  const call = useApiCall();
  const [search, setSearch] = useSearchParams();
  const [joints, setJoints] = useState<Joint[] | null>(null);
  useEffect(() => {
    void call(jointExamRoutes.jointList, {}).then((r) => setJoints(r.ok ? r.data : []));
  }, [call]);
  const wanted = Number(search.get('jointExamId'));
  const joint = joints?.find((j) => j.id === wanted) ?? joints?.[0];
  return (
    <PageBox aria-labelledby="joint-pdf-title">
      <h1 id="joint-pdf-title">联考报告导出</h1>
      <Note>
        联考报告PDF包括：各学科与总分的成绩概况（各校对比）、每个学科的试卷讲评和能力分析、成绩单。
        学校账号的成绩单只有本校学生，其他学校按组织者的设置显示名称或代号；教育局的包括全部学生。
        PDF在下载中心生成，完成后可下载，保留7天。
      </Note>
      {joints !== null && joints.length === 0 && <p>暂无联考</p>}
      {joint && (
        <>
          <Toolbar>
            <Select
              label="联考"
              value={joint.id}
              options={joints!.map((j) => ({ value: j.id, label: j.name }))}
              onChange={(e) => setSearch({ jointExamId: e.target.value }, { replace: true })}
            />
          </Toolbar>
          <p>
            {joint.name} · {joint.examType} · {joint.examDate}（
            {joint.schools.map((s) => s.label).join('、')}）
          </p>
          <Toolbar>
            <DownloadJobButton
              key={joint.id}
              label="生成联考报告PDF"
              start={() => call(jointReportRoutes.jointReportPdf, { jointExamId: joint.id })}
            />
            <Link to={`/exam/multiple/report/grade/basic/${joint.id}`}>返回联考报告</Link>
          </Toolbar>
        </>
      )}
    </PageBox>
  );
}
