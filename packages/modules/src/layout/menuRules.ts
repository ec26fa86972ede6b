import type { PermNode } from '@examkit/core';

/** Menu entries opening external documentation in a new tab (spec 000 §2). */
export const EXTERNAL_MENU_NAMES: readonly string[] = ['帮助中心', '下载中心'];

/** The AI agent entry, shown as an image instead of text (spec 000 §2). */
export const AI_AGENT_NAME = 'AI智能体';

/** Badges next to top entries (spec 000 §2): a hot badge for homework, NEW for home. */
export const MENU_BADGES: Readonly<Record<string, string>> = { Homework: 'HOT', Home: 'NEW' };

/** Codes the header shows through their own entries rather than the top menu. */
export const OWN_ENTRY_CODES: readonly string[] = ['System'];

export const isExternalEntry = (node: PermNode): boolean =>
  EXTERNAL_MENU_NAMES.includes(node.permName) || /^https?:\/\//.test(node.moduleUrl);
