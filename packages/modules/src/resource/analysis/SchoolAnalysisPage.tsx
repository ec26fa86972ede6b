import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { QUESTION_TYPES, resourceAnalysisRoutes, type DataOf } from '@examkit/contracts';
import { FormField, LOADING_TEXT, Select } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useLatestRequest } from '../../common/useLatestRequest';
import { useBankChoices } from '../bank/useBankChoices';
import { RichText } from '../components/RichText';
import { Figure } from '../../common/Figure';

type Analysis = DataOf<typeof resourceAnalysisRoutes.summary>;

const Tiles = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 16px;
  margin: 0 0 16px;
  div {
    min-width: 140px;
    padding: 12px 16px;
    border: 1px solid #e4e7ed;
    border-radius: 4px;
  }
  dt {
    color: #606266;
  }
  dd {
    margin: 4px 0 0;
    font-size: 24px;
    font-weight: 600;
  }
`;

const typeName = (type: string) =>
  (QUESTION_TYPES as Readonly<Record<string, string | undefined>>)[type] ?? type;

/**
 * /resource/school/analysis (校本资源分析): the school's resource usage — totals, per subject, per
 * teacher, and the questions its papers use most (of a chosen subject). docs/resources.md.
 */
export function SchoolAnalysisPage() {
  const call = useApiCall();
  const { subjects } = useBankChoices();
  const [subjectCode, setSubjectCode] = useState('');
  const [data, setData] = useState<Analysis | null>(null);
  const beginRequest = useLatestRequest();

  useEffect(() => {
    const isLatest = beginRequest();
    void call(resourceAnalysisRoutes.summary, subjectCode ? { subjectCode } : {}, {
      dedupe: false,
    }).then((r) => {
      if (isLatest() && r.ok) setData(r.data);
    });
  }, [beginRequest, call, subjectCode]);

  if (data === null) return <p>{LOADING_TEXT}</p>;
  const { totals } = data;
  return (
    <PageBox aria-labelledby="analysis-title">
      <h1 id="analysis-title">校本资源分析</h1>
      <Toolbar>
        <Link to="/resource/paper/school">校本试卷</Link>
      </Toolbar>
      <h2>资源总数</h2>
      <Tiles>
        <Figure term="校本试题">{totals.questions}</Figure>
        <Figure term="校本试卷">{totals.papers}</Figure>
        <Figure term="上传文件">{totals.uploads}</Figure>
        <Figure term="可用云题">{totals.cloudQuestions}</Figure>
      </Tiles>

      <h2 id="analysis-subjects">按学科</h2>
      <ListTable label="按学科统计" rows={data.bySubject} headers={['学科', '试题数', '试卷数']}>
        {(s) => (
          <tr key={s.subjectCode}>
            <td>{s.subjectName}</td>
            <td>{s.questions}</td>
            <td>{s.papers}</td>
          </tr>
        )}
      </ListTable>

      <h2 id="analysis-teachers">按教师</h2>
      <ListTable
        label="按教师统计"
        rows={data.byTeacher}
        headers={['教师', '录入试题', '组卷', '上传文件']}
        empty="还没有老师录入试题、组卷或上传文件"
      >
        {(t) => (
          <tr key={t.userId ?? 'none'}>
            <td>{t.name}</td>
            <td>{t.questions}</td>
            <td>{t.papers}</td>
            <td>{t.uploads}</td>
          </tr>
        )}
      </ListTable>

      <h2 id="analysis-top">最常用的试题</h2>
      <Toolbar>
        <FormField label="学科">
          <Select
            value={subjectCode}
            placeholder="全部学科"
            options={subjects.map((s) => ({ value: s.subjectCode, label: s.subjectName }))}
            onChange={(e) => setSubjectCode(e.target.value)}
          />
        </FormField>
      </Toolbar>
      <ListTable
        label="最常用的试题"
        rows={data.topQuestions}
        headers={['题干', '题型', '所在试卷数', '生成考试数']}
        empty="校本试卷还没有用到试题"
      >
        {(t) => (
          <tr key={t.question.id}>
            <td>
              <RichText text={t.question.stem} />
            </td>
            <td>{typeName(t.question.type)}</td>
            <td>{t.papers}</td>
            <td>{t.exams}</td>
          </tr>
        )}
      </ListTable>
    </PageBox>
  );
}
