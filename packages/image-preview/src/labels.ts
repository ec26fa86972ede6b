import type { PreviewLabels } from './types';

/** The Chinese default texts. */
export const DEFAULT_LABELS: PreviewLabels = {
  dialog: '图片预览',
  previous: '上一张',
  next: '下一张',
  zoomIn: '放大',
  zoomOut: '缩小',
  rotateLeft: '向左旋转',
  rotateRight: '向右旋转',
  reset: '重置',
  confirm: '确定',
  close: '关闭',
  loadFailed: '加载失败',
  image: '图片',
};
