import { useState } from 'react';
import { reportRoutes } from '@examkit/contracts';
import { contrastBands } from '../../components/columns';
import { useReportPage } from '../../hooks/useReportPage';
import { ClassFrame } from './ClassFrame';
import { ContrastBandChart, ContrastBandTable } from './ContrastBands';

/** 班级报告·自定义报告二: score bands of a chosen width beside the grade. */
export function ClassCustom2Page() {
  const [bandWidth, setWidth] = useState(10);
  const { context, report } = useReportPage(
    reportRoutes.classCustom2,
    ({ examId, classId, subjectId }) =>
      classId && subjectId !== null ? { examId, classId, subjectId, bandWidth } : null,
    { total: true },
  );
  const bands = contrastBands(report.data?.bands ?? []);
  return (
    <ClassFrame
      tab="custom2"
      page={{ context, report }}
      subjectPicker="total"
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
