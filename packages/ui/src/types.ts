import type {
  ButtonHTMLAttributes,
  HTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
} from 'react';

export type { ExamkitTheme } from './theme/theme';

/* ---------- Button ---------- */

export type ButtonType = 'default' | 'primary' | 'plain' | 'text' | 'link';
export type ButtonSize = 'tiny' | 'small' | 'medium' | 'large';

export interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  /** Visual type (spec 000 §9). @default 'default' */
  type?: ButtonType;
  /** @default 'medium' */
  size?: ButtonSize;
  /** The native button type. @default 'button' */
  nativeType?: 'button' | 'submit' | 'reset';
  /** Clicks within this many ms of the last accepted click are swallowed. @default 0 */
  throttle?: number;
  /** Shows a spinner and ignores clicks. @default false */
  loading?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

/* ---------- Dialog ---------- */

export interface DialogProps {
  open: boolean;
  /** Called when the user asks to close: Esc, the close button, or the mask when `maskClosable`. */
  onClose: () => void;
  /** The title; it also labels the dialog. */
  title: ReactNode;
  /** Width in px, or any CSS length. @default 520 */
  width?: number | string;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** Whether a click on the mask closes the dialog. @default false */
  maskClosable?: boolean;
  /** Label of the close button. @default '关闭' */
  closeLabel?: string;
  /** `alertdialog` for a message that needs confirming. @default 'dialog' */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element describing the dialog. */
  describedBy?: string;
  /** Where the dialog is rendered. @default document.body */
  container?: Element | null;
  children?: ReactNode;
}

/* ---------- notifier ---------- */

export type MessageType = 'success' | 'error' | 'warning' | 'info';

/** The same shape as `Notifier` of `@examkit/core`, so a `UiNotifier` can be passed wherever core takes one. */
export interface Notifier {
  message(type: MessageType, text: string): void;
  alert(title: string, text: string): void;
  loading: { open(text: string): void; close(): void };
}

export interface UiMessage {
  id: number;
  type: MessageType;
  text: string;
}

export interface UiAlert {
  id: number;
  title: string;
  text: string;
}

/** What `<MessageHost>` shows; replaced (never mutated) on every change. */
export interface NotifierState {
  messages: readonly UiMessage[];
  /** Alerts waiting to be confirmed; the first one is shown. */
  alerts: readonly UiAlert[];
  /** Open loading requests; the overlay shows while above 0. */
  loadingCount: number;
  loadingText: string;
}

export interface UiNotifierOptions {
  /** How long a message stays, in ms. @default 3000 */
  duration?: number;
  /** Loading text used when `loading.open` gets none. @default '正在加载，请稍后~' */
  loadingText?: string;
}

/** A `Notifier` whose messages, alerts and loading overlay `<MessageHost>` renders. */
export interface UiNotifier extends Notifier {
  /** Shows an alert; resolves when the user confirms it. */
  alert(title: string, text: string): Promise<void>;
  /** Closes a message before its time. */
  dismiss(id: number): void;
  /** Confirms the alert on screen. */
  confirm(): void;
  getState(): NotifierState;
  subscribe(listener: () => void): () => void;
}

export interface MessageHostProps {
  notifier: UiNotifier;
  /** Label of the alert's button. @default '确定' */
  confirmText?: string;
  /** Label of a message's close button. @default '关闭' */
  closeLabel?: string;
}

/* ---------- loading, empty ---------- */

export interface LoadingOverlayProps {
  /** @default true */
  open?: boolean;
  /** @default '正在加载，请稍后~' */
  text?: string;
  /** Cover only the positioned parent instead of the whole window. @default false */
  inline?: boolean;
}

export interface EmptyProps extends HTMLAttributes<HTMLDivElement> {
  /** @default '暂无数据' */
  text?: ReactNode;
  /** An image or icon above the text. */
  image?: ReactNode;
}

/* ---------- progress ---------- */

export interface ProgressOptions {
  /** @default 0.08 */
  minimum?: number;
  /** Animation speed in ms; also how long the full bar stays before hiding. @default 200 */
  speed?: number;
  /** Time between trickles in ms. @default 800 */
  trickleSpeed?: number;
  /** Largest step of one trickle. @default 0.02 */
  trickleRate?: number;
  /** Whether the bar creeps forward on its own after `start()`. @default true */
  trickle?: boolean;
  /** Random source for trickle steps, for tests. @default Math.random */
  random?: () => number;
}

/** A page progress bar controller; `null` status means hidden. */
export interface Progress {
  start(): void;
  /** Completes the bar and hides it after `speed` ms. @param force shows it even if it was not started */
  done(force?: boolean): void;
  set(n: number): void;
  inc(amount?: number): void;
  readonly status: number | null;
  readonly options: Readonly<Required<Omit<ProgressOptions, 'random'>>>;
  subscribe(listener: () => void): () => void;
}

export interface ProgressBarProps {
  progress: Progress;
  /** Accessible name. @default '页面加载进度' */
  label?: string;
}

/* ---------- BackToTop ---------- */

export interface BackToTopProps {
  /** The scrolling element. @default the window */
  target?: HTMLElement | null;
  /** @default '回到顶部' */
  label?: string;
  /** Scroll distance from which the button shows. @default half the viewport height */
  visibilityHeight?: number;
  children?: ReactNode;
}

/* ---------- form ---------- */

export interface FormFieldProps {
  label: ReactNode;
  /** Error message; marks the control invalid. */
  error?: string | null | undefined;
  /** Help text under the control. */
  hint?: ReactNode;
  /** Shows a required mark. @default false */
  required?: boolean;
  /** Id of the control. @default a generated one */
  id?: string;
  children: ReactNode;
}

export interface TextInputProps extends InputHTMLAttributes<HTMLInputElement> {
  ref?: Ref<HTMLInputElement>;
}

export interface PasswordInputProps extends Omit<TextInputProps, 'type'> {
  /** Label of the toggle while hidden. @default '显示密码' */
  showLabel?: string;
  /** Label of the toggle while shown. @default '隐藏密码' */
  hideLabel?: string;
}

export interface SelectOption {
  value: string | number;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children'> {
  /** Accessible name; not needed inside a `FormField`. */
  label?: string;
  options: readonly SelectOption[];
  /** Text of an empty first option. */
  placeholder?: string;
  ref?: Ref<HTMLSelectElement>;
}

/** A validation rule: `required`, or a `validator` returning whether the value is valid. */
export interface ValidationRule<V extends Record<string, unknown>> {
  required?: boolean;
  validator?: (value: V[keyof V], values: V) => boolean;
  message: string;
}

export type ValidationRules<V extends Record<string, unknown>> = {
  [K in keyof V]?: readonly ValidationRule<V>[];
};

export interface FormValidationOptions<V extends Record<string, unknown>> {
  initialValues: V;
  /** Fields to re-validate when another changes, when they are non-empty: `{ password: ['repeatPassword'] }`. */
  dependents?: { [K in keyof V]?: readonly (keyof V)[] };
}

export type FormErrors<V> = { [K in keyof V]?: string };

export interface FormValidation<V extends Record<string, unknown>> {
  values: V;
  errors: FormErrors<V>;
  setValue<K extends keyof V>(name: K, value: V[K]): void;
  /** Validates one field, shows its error, returns whether it is valid. */
  validateField(name: keyof V): boolean;
  /** Validates every field, shows the errors, returns whether all are valid. */
  validate(): boolean;
  reset(): void;
  /** Props for a text input: name, value, onChange, onBlur (validates). */
  field<K extends keyof V>(
    name: K,
  ): {
    name: K;
    value: V[K];
    onChange: (event: { target: { value: string } }) => void;
    onBlur: () => void;
  };
}

/* ---------- Dropdown ---------- */

export interface DropdownItem {
  key: string;
  label: string;
  disabled?: boolean;
}

export interface DropdownProps {
  /** Content of the menu button, e.g. the user's name. */
  label: ReactNode;
  /** Accessible name of the button when `label` is not plain text. */
  ariaLabel?: string;
  items: readonly DropdownItem[];
  onSelect: (key: string) => void;
  /** Align the menu with the button's right edge. @default 'end' */
  align?: 'start' | 'end';
}

/* ---------- hooks ---------- */

export interface DragOptions {
  /** Selector of the part that starts a drag, inside the element. @default the element itself */
  handle?: string;
  /** Distance kept from the edges of the confining box, in px. @default 0 */
  margin?: number;
  /** What the element stays inside. @default 'window' */
  confine?: 'window' | 'parent';
}

export interface ResizeOptions {
  /** Smallest width and height in px. @default 40 */
  minSize?: number;
  /** Width of the grab zone along the right and bottom edges, in px. @default 8 */
  edge?: number;
  /** Called with the new size after each move. */
  onResize?: (size: { width: number; height: number }) => void;
}

/** A debounced function with a way to drop the pending call. */
export type DebouncedFunction<A extends unknown[]> = ((...args: A) => void) & {
  cancel(): void;
  flush(): void;
};
