/** A figure to one decimal place (正确率, 平均分, 用时). */
export const round1 = (n: number) => Math.round(n * 10) / 10;
