import { useCallback, useEffect, useState } from 'react';
import { jointPoolRoutes, type DataOf } from '@examkit/contracts';
import { useExamkit } from '@examkit/core/react';
import { Button, FormField, Select } from '@examkit/ui';
import { useApiCall } from '../../common/useApiCall';
import { ListTable } from '../../common/ListTable';
import { Actions, ErrorText, Note } from '../components/styled';
import { JointPoolBlocks } from './JointPoolBlocks';

type Progress = DataOf<typeof jointPoolRoutes.jointPoolProgress>;
type Mode = Progress['markingMode'];

const MODE_OPTIONS = [
  { value: 'school', label: '各校分别阅卷' },
  { value: 'pool', label: '统一阅卷' },
];

/**
 * The organiser's marking of a joint exam (docs/marking.md "Joint exams"): 各校分别阅卷 or
 * 统一阅卷, changeable until marking opens, the pool's progress per school and overall, and in
 * 统一阅卷 the pool blocks and their markers (`JointPoolBlocks`).
 */
export function JointMarkingSection({
  jointExamId,
  subjects,
}: {
  jointExamId: number;
  subjects: readonly { subjectCode: string; subjectName: string }[];
}) {
  const call = useApiCall();
  const { http } = useExamkit();
  const [progress, setProgress] = useState<Progress | null>(null);
  const [mode, setMode] = useState<Mode>('school');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    const r = await call(jointPoolRoutes.jointPoolProgress, { jointExamId });
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setProgress(r.data);
    setMode(r.data.markingMode);
  }, [call, jointExamId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function save() {
    setError('');
    setSaving(true);
    const r = await call(jointPoolRoutes.jointPoolMode, { jointExamId, markingMode: mode });
    setSaving(false);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    http.notifier.message('success', '已保存阅卷方式');
    await load();
  }

  return (
    <section aria-labelledby="joint-marking-title">
      <h2 id="joint-marking-title">联考阅卷</h2>
      <Note>
        统一阅卷时，各校的试卷进入同一个阅卷池，由各参考学校的阅卷老师匿名评阅，成绩写回各校的本校考试；阅卷开始后不能再修改。
      </Note>
      {progress && (
        <>
          <FormField label="阅卷方式">
            <Select
              value={mode}
              options={MODE_OPTIONS}
              onChange={(e) => setMode(e.target.value === 'pool' ? 'pool' : 'school')}
            />
          </FormField>
          <Actions>
            <Button
              type="primary"
              loading={saving}
              disabled={mode === progress.markingMode}
              onClick={() => void save()}
            >
              保存阅卷方式
            </Button>
          </Actions>
          {progress.blocks.length > 0 && (
            <ListTable
              label="统一阅卷进度"
              rows={progress.blocks.flatMap((b) => b.schools.map((s) => ({ block: b, school: s })))}
              headers={['科目', '题块', '学校', '试卷', '已评完', '阅卷老师', '已给分']}
            >
              {({ block, school }) => (
                <tr key={`${block.blockId}-${school.schoolId}`}>
                  <td>
                    {subjects.find((s) => s.subjectCode === block.subjectCode)?.subjectName ??
                      block.subjectCode}
                  </td>
                  <td>{block.name}</td>
                  <td>{school.schoolName}</td>
                  <td>{school.papers}</td>
                  <td>{school.done}</td>
                  <td>{school.markers}</td>
                  <td>{school.marks}</td>
                </tr>
              )}
            </ListTable>
          )}
          {progress.markingMode === 'pool' && (
            <JointPoolBlocks
              jointExamId={jointExamId}
              subjects={subjects}
              onChanged={() => void load()}
            />
          )}
        </>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </section>
  );
}
