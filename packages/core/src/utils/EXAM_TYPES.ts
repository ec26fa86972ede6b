/** Exam type names of spec 000 §3, in the product's order: 学前 周练 单元 月测 期中 期末 模拟 其它. */
export const EXAM_TYPES: readonly string[] = '学前 周练 单元 月测 期中 期末 模拟 其它'.split(' ');
