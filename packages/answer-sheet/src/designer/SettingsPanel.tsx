import { useId } from 'react';
import type { SheetSettings } from '../types';
import { EXAM_NUM_COUNT_RANGE } from '../settings';
import { NumberField } from './NumberField';
import { Warning } from './styles';

type BooleanSetting = {
  [K in keyof SheetSettings]: SheetSettings[K] extends boolean ? K : never;
}[keyof SheetSettings];

/** Switches shown as checkboxes; `inverted` shows the opposite of the setting (显示二维码 ↔ isHiddenQrcode). */
const SWITCHES: { key: BooleanSetting; label: string; inverted?: boolean }[] = [
  { key: 'isTemplate', label: '仅答题区（不印题干）' },
  { key: 'hasSealLine', label: '密封线' },
  { key: 'isClassAndExamNo', label: '填写班级和考号' },
  { key: 'isObjectiveVertical', label: '客观题竖排' },
  { key: 'hasCareTip', label: '温馨提示' },
  { key: 'hasMissTag', label: '缺考标记' },
  { key: 'isHiddenQrcode', label: '显示二维码', inverted: true },
  { key: 'showPagination', label: '页码' },
  { key: 'isShowCorrectStand', label: '填涂示例' },
  { key: 'isShowHalfPoint', label: '打分栏含半分' },
];

export interface SettingsPanelProps {
  settings: SheetSettings;
  /** The length of the exam's longest exam number, when known; a shorter 考号位数 is warned about. */
  examNumberLength?: number | undefined;
  /** `mergeKey` groups keystrokes in one text field into one undo step. */
  onChange(patch: Partial<SheetSettings>, mergeKey?: string): void;
}

/** The settings of spec 001 §3 as labelled Chinese form controls. */
export function SettingsPanel({ settings, examNumberLength, onChange }: SettingsPanelProps) {
  const id = useId();
  const digitsWarning = examNumberWarning(settings, examNumberLength);
  return (
    <>
      <fieldset>
        <legend>版面</legend>
        <label>
          纸张
          <select
            value={settings.isHen}
            onChange={(e) => onChange({ isHen: e.target.value === '1' ? 1 : 0 })}
          >
            <option value={0}>A4 竖版</option>
            <option value={1}>A3 横版</option>
          </select>
        </label>
        <label>
          栏数
          <select
            value={settings.column}
            disabled={settings.isHen === 0}
            onChange={(e) => onChange({ column: e.target.value === '3' ? 3 : 2 })}
          >
            {settings.isHen === 0 ? <option value={1}>1 栏</option> : null}
            <option value={2}>2 栏</option>
            <option value={3}>3 栏</option>
          </select>
        </label>
        <label>
          考号形式
          <select
            value={settings.examNoType}
            onChange={(e) => onChange({ examNoType: e.target.value === '2' ? 2 : 1 })}
          >
            <option value={1}>填涂考号</option>
            <option value={2}>条形码</option>
          </select>
        </label>
        <label>
          考号位数
          <NumberField
            label="考号位数"
            min={EXAM_NUM_COUNT_RANGE.min}
            max={EXAM_NUM_COUNT_RANGE.max}
            value={settings.examNumCount}
            disabled={settings.examNoType === 2}
            onCommit={(examNumCount) => onChange({ examNumCount }, `${id}-digits`)}
          />
        </label>
        {digitsWarning ? <Warning role="alert">{digitsWarning}</Warning> : null}
        <label>
          判断题符号
          <select
            value={settings.isJudgeSymbol}
            onChange={(e) => onChange({ isJudgeSymbol: e.target.value === '2' ? 2 : 1 })}
          >
            <option value={1}>√ ×</option>
            <option value={2}>T F</option>
          </select>
        </label>
      </fieldset>
      <fieldset>
        <legend>元素</legend>
        {SWITCHES.map(({ key, label, inverted }) => (
          <label key={key}>
            <input
              type="checkbox"
              checked={inverted ? !settings[key] : settings[key]}
              onChange={(e) => onChange({ [key]: inverted ? !e.target.checked : e.target.checked })}
            />
            {label}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend>文字</legend>
        <label>
          答题卡标题
          <input
            type="text"
            value={settings.answerSheetTitle}
            onChange={(e) => onChange({ answerSheetTitle: e.target.value }, `${id}-title`)}
          />
        </label>
        <label>
          考生信息
          <input
            type="text"
            value={settings.studentInfoContent}
            onChange={(e) => onChange({ studentInfoContent: e.target.value }, `${id}-info`)}
          />
        </label>
        <label>
          密封线考生信息
          <input
            type="text"
            value={settings.sealLineStudentInfoContent}
            onChange={(e) => onChange({ sealLineStudentInfoContent: e.target.value }, `${id}-seal`)}
          />
        </label>
        <label>
          注意事项
          <textarea
            value={settings.attentionContent}
            onChange={(e) => onChange({ attentionContent: e.target.value }, `${id}-notes`)}
          />
        </label>
      </fieldset>
    </>
  );
}

/**
 * The warning shown when the sheet's exam-number grid cannot hold the exam's exam numbers, or
 * null. A barcode sticker holds any length.
 */
export function examNumberWarning(
  settings: Pick<SheetSettings, 'examNoType' | 'examNumCount'>,
  examNumberLength: number | undefined,
): string | null {
  if (!examNumberLength || settings.examNoType === 2) return null;
  if (examNumberLength > EXAM_NUM_COUNT_RANGE.max)
    return `本场考生的考号有 ${examNumberLength} 位，填涂考号最多 ${EXAM_NUM_COUNT_RANGE.max} 位，填涂不下，请改用条形码`;
  if (settings.examNumCount < examNumberLength)
    return `考号位数 ${settings.examNumCount} 位少于本场考生的考号（${examNumberLength} 位），答题卡填涂不下完整考号，请改为 ${examNumberLength} 位`;
  return null;
}
