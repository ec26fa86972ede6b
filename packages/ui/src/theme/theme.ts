/** The design tokens every examkit component reads through styled-components' theme. */
export interface ExamkitTheme {
  colors: {
    primary: string;
    primaryHover: string;
    primaryText: string;
    text: string;
    textSecondary: string;
    border: string;
    background: string;
    surface: string;
    mask: string;
    /** Backdrop of full-screen viewers (image preview): darker than a dialog's mask, so scans read clearly. */
    viewerMask: string;
    success: string;
    warning: string;
    danger: string;
    focus: string;
  };
  radius: { small: string; medium: string; large: string };
  font: { family: string; size: { small: string; medium: string; large: string } };
  shadow: { popup: string };
  zIndex: {
    header: number;
    popup: number;
    dialog: number;
    message: number;
    loading: number;
    progress: number;
  };
}

/** The default examkit theme: a calm blue on white, sized for long days of reading scans. */
export const defaultTheme: ExamkitTheme = {
  colors: {
    primary: '#0969da',
    primaryHover: '#0550ae',
    primaryText: '#ffffff',
    text: '#1f2328',
    textSecondary: '#59636e',
    border: '#d1d9e0',
    background: '#f6f8fa',
    surface: '#ffffff',
    mask: 'rgba(15, 23, 42, 0.55)',
    viewerMask: 'rgba(10, 12, 16, 0.9)',
    success: '#1a7f37',
    warning: '#9a6700',
    danger: '#cf222e',
    focus: '#0969da',
  },
  radius: { small: '2px', medium: '4px', large: '8px' },
  font: {
    family:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", sans-serif',
    size: { small: '12px', medium: '14px', large: '16px' },
  },
  shadow: { popup: '0 8px 24px rgba(15, 23, 42, 0.18)' },
  zIndex: { header: 100, popup: 1000, dialog: 2000, message: 3000, loading: 3500, progress: 4000 },
};

/**
 * Reads the examkit theme from a styled-components props object, falling back
 * to the default theme when the embedding page provides none (so every
 * component works without a ThemeProvider).
 */
export function themeOf(props: { theme?: unknown }): ExamkitTheme {
  const t = props.theme as Partial<ExamkitTheme> | undefined;
  return t && t.colors ? (t as ExamkitTheme) : defaultTheme;
}
