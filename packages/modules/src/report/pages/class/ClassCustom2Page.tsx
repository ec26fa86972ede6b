import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { contrastBands } from '../../components/columns';
import { useReport } from '../../hooks/useReport';
import { useReportContext } from '../../hooks/useReportContext';
import { ClassFrame } from './ClassFrame';
import { ContrastBandChart, ContrastBandTable } from './ContrastBands';

/** 班级报告·自定义报告二: score bands of a chosen width beside the grade. */
export function ClassCustom2Page() {
  const context = useReportContext({ total: true });
  const { examId, classId, subjectId } = context;
  const [bandWidth, setWidth] = useState(10);
  const report = useReport(
    reportRoutes.classCustom2,
    classId && subjectId !== null ? { examId, classId, subjectId, bandWidth } : null,
  );
  const bands = contrastBands(report.data?.bands ?? []);
  return (
    <ClassFrame
      tab="custom2"
      context={context}
      subjectPicker="total"
      error={report.error}
      loading={report.loading}
      controls={
        <label>
          分数段宽度
          <input
            type="number"
            min={1}
            aria-label="分数段宽度"
            defaultValue={bandWidth}
            onBlur={(e) => {
              const n = Number(e.target.value);
              if (n > 0) setWidth(n);
            }}
          />
        </label>
      }
    >
      {report.data && (
        <>
          <ContrastBandChart label="分数段分布" bands={bands} />
          <ContrastBandTable caption={`${report.data.subjectName}分数段`} bands={bands} />
        </>
      )}
    </ClassFrame>
  );
}
