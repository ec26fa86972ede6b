import { useId, useSyncExternalStore } from 'react';
import { styled } from 'styled-components';
import { themeOf, type ExamkitTheme } from '../theme/theme';
import type { MessageHostProps, MessageType } from '../types';
import { Button } from './Button';
import { Dialog } from './Dialog';
import { LoadingOverlay } from './LoadingOverlay';

const ICONS: Record<MessageType, string> = { success: '✓', error: '✕', warning: '!', info: 'i' };
const colorOf = (t: ExamkitTheme, type: MessageType) =>
  type === 'success'
    ? t.colors.success
    : type === 'error'
      ? t.colors.danger
      : type === 'warning'
        ? t.colors.warning
        : t.colors.primary;

const Stack = styled.div`
  position: fixed;
  top: 20px;
  left: 50%;
  z-index: ${(p) => themeOf(p).zIndex.message};
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
  transform: translateX(-50%);
  pointer-events: none;
`;

const Toast = styled.div<{ $type: MessageType }>`
  display: flex;
  align-items: center;
  gap: 8px;
  min-width: 240px;
  max-width: 80vw;
  padding: 10px 12px 10px 16px;
  box-sizing: border-box;
  color: ${(p) => colorOf(themeOf(p), p.$type)};
  font-family: ${(p) => themeOf(p).font.family};
  font-size: ${(p) => themeOf(p).font.size.medium};
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid currentColor;
  border-radius: ${(p) => themeOf(p).radius.medium};
  box-shadow: ${(p) => themeOf(p).shadow.popup};
  pointer-events: auto;
  & > p {
    flex: 1;
    margin: 0;
    color: ${(p) => themeOf(p).colors.text};
  }
  & > button {
    padding: 0 4px;
    color: ${(p) => themeOf(p).colors.textSecondary};
    background: none;
    border: none;
    cursor: pointer;
  }
`;

/**
 * Renders what a `createUiNotifier()` notifier shows: the toast messages,
 * the alert dialog with its 确定 button, and the loading overlay.
 * Mount it once near the root of the app.
 */
export function MessageHost({
  notifier,
  confirmText = '确定',
  closeLabel = '关闭',
}: MessageHostProps) {
  const state = useSyncExternalStore(notifier.subscribe, notifier.getState, notifier.getState);
  const textId = useId();
  const alert = state.alerts[0];
  return (
    <>
      <Stack>
        {state.messages.map((m) => (
          <Toast
            key={m.id}
            $type={m.type}
            role={m.type === 'error' ? 'alert' : 'status'}
            data-type={m.type}
          >
            <span aria-hidden="true">{ICONS[m.type]}</span>
            <p>{m.text}</p>
            <button type="button" aria-label={closeLabel} onClick={() => notifier.dismiss(m.id)}>
              ×
            </button>
          </Toast>
        ))}
      </Stack>
      {alert && (
        <Dialog
          key={alert.id}
          open
          role="alertdialog"
          title={alert.title}
          describedBy={textId}
          width={420}
          onClose={notifier.confirm}
          closeLabel={closeLabel}
          footer={
            <Button type="primary" onClick={notifier.confirm}>
              {confirmText}
            </Button>
          }
        >
          <p id={textId} style={{ margin: 0 }}>
            {alert.text}
          </p>
        </Dialog>
      )}
      <LoadingOverlay open={state.loadingCount > 0} text={state.loadingText} />
    </>
  );
}
