/** The loading overlay's text (spec 000 §4). */
export const LOADING_TEXT = '正在加载，请稍后~';

/** The no-data text (spec 000 §5). */
export const EMPTY_TEXT = '暂无数据';
