import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { administrationRoutes, type PARAM_TYPES } from '@examkit/contracts';
import { useExamkitStore } from '@examkit/core/react';
import { FormField, TextInput } from '@examkit/ui';
import { FormBox, Note, PageBox } from '../components/styled';
import { FormSubmit } from '../../common/FormSubmit';
import { useApiCall } from '../../common/useApiCall';
import { RegionSection } from '../components/RegionSection';

type ParamType = (typeof PARAM_TYPES)[number];
type ParamValue = Record<string, number | string | boolean>;

/** The parameter pages in menu order: route path, param type, title (spec 001 §2 "parm"). */
export const PARM_PAGES: readonly { path: string; type: ParamType; title: string; key: string }[] =
  [
    { path: 'level', type: 'level', title: '等级设置', key: 'Parm-Level' },
    { path: 'report-push', type: 'reportPush', title: '报告推送', key: 'Parm-ReportPush' },
    { path: 'knowledge', type: 'knowledge', title: '知识点设置', key: 'Parm-Knowledge' },
    { path: 'undulate', type: 'undulate', title: '波动设置', key: 'Parm-Undulate' },
    { path: 'count', type: 'count', title: '统计设置', key: 'Parm-Count' },
    { path: 'ability', type: 'ability', title: '能力设置', key: 'Parm-Ability' },
    {
      path: 'accomplishment',
      type: 'accomplishment',
      title: '素养设置',
      key: 'Parm-Accomplishment',
    },
    { path: 'average', type: 'average', title: '均分设置', key: 'Parm-Average' },
    { path: 'gradeSet', type: 'gradeSet', title: '年级设置', key: 'Parm-GradeSet' },
    { path: 'other', type: 'other', title: '其他设置', key: 'Parm-Other' },
    { path: 'homework', type: 'homework', title: '作业参数', key: 'Parm-Homework' },
  ];

/** Labels of the settings (docs/administration.md "Parameters"); unknown keys show as they are. */
const LABELS: Record<string, string> = {
  excellent: '优秀线（满分的%）',
  good: '良好线（满分的%）',
  pass: '及格线（满分的%）',
  low: '低分线（满分的%）',
  enabled: '启用',
  pushToParents: '推送给家长',
  pushToStudents: '推送给学生',
  showRank: '显示排名',
  showScore: '显示分数',
  showLevel: '显示等级',
  masteredPercent: '掌握线（得分率%）',
  weakPercent: '薄弱线（得分率%）',
  rankChange: '名次波动（名）',
  scoreChangePercent: '分数波动（%）',
  border: '临界分数段（分；勾选下项时为满分的%）',
  borderInPercent: '临界分数段按满分的%计',
  tScore500: 'T分数采用 500+100z（不勾选为 50+10z）',
  topPercent: '高分组比例（%）',
  bottomPercent: '低分组比例（%）',
  excludeZero: '均分不计零分',
  excludeAbsent: '均分不计缺考',
  gradeIds: '适用年级（年级编号，逗号分隔）',
  watermark: '显示水印',
  lateSubmitDays: '允许补交天数',
  autoPublishAnswers: '截止后自动公布答案',
};

const LEVEL_ORDER = ['excellent', 'good', 'pass', 'low'];

/** Why a page's values cannot be saved, checked before sending; null when fine. */
export function checkParam(type: ParamType, value: ParamValue): string | null {
  for (const [key, v] of Object.entries(value)) {
    if (typeof v === 'number' && (!Number.isFinite(v) || v < 0))
      return `${LABELS[key] ?? key}须为不小于 0 的数字`;
  }
  if (type === 'level') {
    const lines = LEVEL_ORDER.map((k) => Number(value[k]));
    if (lines.some((l) => l > 100)) return '等级线须在 0 到 100 之间';
    for (let i = 1; i < lines.length; i++) {
      if ((lines[i] ?? 0) >= (lines[i - 1] ?? 0))
        return '等级线须依次降低：优秀 > 良好 > 及格 > 低分';
    }
  }
  return null;
}

/**
 * /system/parm/{page}: one parameter page (level by default), read with the defaults
 * filled in and saved as a whole; each page needs its own Parm-* key to save.
 */
export function ParmPage() {
  const { pathname } = useLocation();
  const codes = useExamkitStore((s) => s.permCodes);
  const call = useApiCall();
  const current = PARM_PAGES.find((p) => pathname.endsWith(`/parm/${p.path}`)) ?? PARM_PAGES[0]!;
  const [value, setValue] = useState<ParamValue | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    setValue(null);
    setError(null);
    void call(administrationRoutes.paramList, undefined, { dedupe: false }).then((r) => {
      if (!r.ok) return;
      const page = r.data.find((p) => p.paramType === current.type);
      const v = (page?.value ?? {}) as ParamValue;
      setValue(v);
      setDrafts(Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])));
    });
  }, [call, current.type]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!value) return;
    const next: ParamValue = {};
    for (const [key, old] of Object.entries(value)) {
      if (typeof old === 'number') {
        const text = drafts[key]?.trim() ?? '';
        next[key] = text === '' ? Number.NaN : Number(text);
      } else if (typeof old === 'string') next[key] = drafts[key] ?? '';
      else next[key] = drafts[key] === 'true';
    }
    const problem = checkParam(current.type, next);
    setError(problem);
    if (problem) return;
    setSaving(true);
    const r = await call(
      administrationRoutes.paramAdd,
      // The contract's union of literals is built with map(), which its static type reads as never.
      { paramType: current.type as never, value: next },
      { successMessage: '保存成功' },
    );
    setSaving(false);
    if (r.ok) setValue(next);
    else if (!r.cancelled) setError(r.message);
  }

  return (
    <PageBox aria-labelledby="parm-title">
      <h1 id="parm-title">参数设置 · {current.title}</h1>
      <nav
        aria-label="参数设置"
        style={{ display: 'flex', flexWrap: 'wrap', gap: 16, marginBottom: 16 }}
      >
        {PARM_PAGES.filter((p) => codes.includes(p.key)).map((p) => (
          <Link
            key={p.path}
            to={`/system/parm/${p.path}`}
            aria-current={p.path === current.path ? 'page' : undefined}
            style={p.path === current.path ? { fontWeight: 600 } : undefined}
          >
            {p.title}
          </Link>
        ))}
      </nav>
      {current.type === 'level' && (
        <Note>等级线为满分的百分比，须依次降低：优秀 &gt; 良好 &gt; 及格 &gt; 低分。</Note>
      )}
      {value && (
        <FormBox noValidate onSubmit={(e) => void save(e)} aria-label={current.title}>
          {Object.entries(value).map(([key, v]) =>
            typeof v === 'boolean' ? (
              <p key={key}>
                <label>
                  <input
                    type="checkbox"
                    checked={drafts[key] === 'true'}
                    onChange={(e) => setDrafts({ ...drafts, [key]: String(e.target.checked) })}
                  />{' '}
                  {LABELS[key] ?? key}
                </label>
              </p>
            ) : (
              <FormField key={key} label={LABELS[key] ?? key}>
                <TextInput
                  type={typeof v === 'number' ? 'number' : 'text'}
                  value={drafts[key] ?? ''}
                  onChange={(e) => setDrafts({ ...drafts, [key]: e.target.value })}
                />
              </FormField>
            ),
          )}
          <FormSubmit error={error} busy={saving} label="保存" />
        </FormBox>
      )}
      <RegionSection />
    </PageBox>
  );
}
