import { useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { SheetDesign, SheetOverrides, SheetSettings } from '../types';
import { layoutSheet } from '../layoutSheet';
import { orderedLeaves } from '../layout/flattenQuestions';
import { resolveSettings } from '../settings';
import { QuestionList } from './QuestionList';
import { SettingsPanel } from './SettingsPanel';
import { SheetPreview } from './SheetPreview';
import { Button, Panel, PreviewArea, Root, Toolbar } from './styles';
import { useDesignHistory } from './useDesignHistory';

/** Zoom steps of the preview. */
export const ZOOM_RANGE = { min: 0.5, max: 2, step: 0.25 } as const;

export interface AnswerSheetDesignerProps {
  /** The design shown and edited (controlled). */
  value: SheetDesign;
  /** Receives every edit, undo and redo. */
  onChange(next: SheetDesign): void;
  /**
   * Initial preview zoom; 1 is the printed size.
   * @default 0.75
   */
  defaultZoom?: number;
  /**
   * The saved sheet's identity (1–62 printable ASCII characters, e.g. `EK1|1024|5f3a09c2`): the
   * preview draws it as the real QR code. Without it the preview shows a light sample code.
   * @see docs/answer-sheet.md
   */
  identity?: string | undefined;
  /**
   * The length of the exam's longest exam number (考号). When the 填涂考号 grid has fewer digits
   * (or the numbers are longer than a grid can be), the settings show a warning.
   */
  examNumberLength?: number | undefined;
  className?: string;
}

function isTextField(target: EventTarget): boolean {
  return (
    target instanceof HTMLTextAreaElement ||
    (target instanceof HTMLInputElement && (target.type === 'text' || target.type === 'number'))
  );
}

/**
 * The answer-sheet designer: settings, title and notes, question order, box heights and blank
 * areas on the left, a live SVG preview on the right; undo and redo with Ctrl+Z / Ctrl+Shift+Z.
 * It only reads and writes the `SheetDesign`; saving it is the embedding page's business.
 */
export function AnswerSheetDesigner({
  value,
  onChange,
  defaultZoom = 0.75,
  identity,
  examNumberLength,
  className,
}: AnswerSheetDesignerProps) {
  const [zoom, setZoom] = useState(defaultZoom);
  const history = useDesignHistory(value, onChange);
  const settings = useMemo(() => resolveSettings(value.settings), [value.settings]);
  const document = useMemo(
    () =>
      layoutSheet(
        value.paper,
        value.settings,
        value.overrides,
        identity === undefined ? {} : { identity },
      ),
    [value, identity],
  );
  const questions = useMemo(
    () => orderedLeaves(value.paper, value.overrides),
    [value.paper, value.overrides],
  );
  const blankCounter = useRef(0);
  const newBlankId = useCallback(() => {
    const taken = new Set((value.overrides.blankAreas ?? []).map((b) => b.id));
    let id: string;
    do id = `blank-${++blankCounter.current}`;
    while (taken.has(id));
    return id;
  }, [value.overrides.blankAreas]);

  const changeSettings = (patch: Partial<SheetSettings>, mergeKey?: string) =>
    history.commit({ ...value, settings: { ...value.settings, ...patch } }, mergeKey);
  const changeOverrides = (overrides: SheetOverrides, mergeKey?: string) =>
    history.commit({ ...value, overrides }, mergeKey);
  const zoomBy = (delta: number) =>
    setZoom((z) =>
      Math.min(ZOOM_RANGE.max, Math.max(ZOOM_RANGE.min, Math.round((z + delta) * 100) / 100)),
    );

  const onKeyDown = (e: KeyboardEvent) => {
    if (!(e.ctrlKey || e.metaKey) || isTextField(e.target)) return;
    const key = e.key.toLowerCase();
    if (key === 'z' && !e.shiftKey) history.undo();
    else if ((key === 'z' && e.shiftKey) || key === 'y') history.redo();
    else return;
    e.preventDefault();
  };

  return (
    <Root className={className} onKeyDown={onKeyDown} role="group" aria-label="答题卡设计">
      <Toolbar role="toolbar" aria-label="编辑工具">
        <Button
          type="button"
          onClick={history.undo}
          disabled={!history.canUndo}
          aria-keyshortcuts="Control+Z"
        >
          撤销
        </Button>
        <Button
          type="button"
          onClick={history.redo}
          disabled={!history.canRedo}
          aria-keyshortcuts="Control+Shift+Z"
        >
          重做
        </Button>
        <Button
          type="button"
          onClick={() => zoomBy(-ZOOM_RANGE.step)}
          disabled={zoom <= ZOOM_RANGE.min}
        >
          缩小
        </Button>
        <output aria-label="缩放比例">{Math.round(zoom * 100)}%</output>
        <Button
          type="button"
          onClick={() => zoomBy(ZOOM_RANGE.step)}
          disabled={zoom >= ZOOM_RANGE.max}
        >
          放大
        </Button>
        <span aria-live="polite">
          {document.paperSize} · {document.pages.length} 页
        </span>
      </Toolbar>
      <Panel aria-label="设置">
        <SettingsPanel
          settings={settings}
          examNumberLength={examNumberLength}
          onChange={changeSettings}
        />
        <fieldset>
          <legend>题目</legend>
          <QuestionList
            questions={questions}
            overrides={value.overrides}
            onChange={changeOverrides}
            newBlankId={newBlankId}
          />
        </fieldset>
      </Panel>
      {/* Focusable so keyboard users can scroll a long sheet. */}
      <PreviewArea role="region" aria-label="预览" tabIndex={0}>
        <SheetPreview document={document} zoom={zoom} />
      </PreviewArea>
    </Root>
  );
}
