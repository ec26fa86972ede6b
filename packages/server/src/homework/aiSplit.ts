import { HOMEWORK_QUESTION_TYPES, type HomeworkQuestionInput } from '@examkit/contracts';
import type { ChatProvider } from '../ai/provider';
import { ProviderError } from '../ai/provider';
import type { Db } from '../core/database';
import { badRequest } from '../core/envelope';

export const NO_MODEL_MESSAGE = 'AI 拆题需要配置 AI 模型，当前未配置，请手动录入题目';
export const SCHOOL_OFF_MESSAGE = '本校未开通 AI 服务，AI 拆题不可用，请手动录入题目';
export const UNUSABLE_MESSAGE = 'AI 模型没有给出可用的拆题结果，请手动录入题目';

const PROMPT = [
  '你是老师的助手，负责把一份作业试卷拆成题目列表。',
  '只输出 JSON 数组，不要输出其他文字。数组每项为 {"label":题号字符串,"type":"objective"或"subjective","answer":客观题答案(字母A-H或对/错)或null,"fullMarks":满分数字}。',
  '选择题、判断题为 objective；填空题、解答题等为 subjective，answer 为 null。试卷上没有分值时，选择题每题 5 分，其他每题 10 分。',
].join('\n');

/**
 * Asks the school's model to propose the question list of a paper from its text (the model
 * reads text, not the scanned image). Nothing is saved: the teacher checks the proposal on the
 * split page and saves it through split-confirm.
 */
export async function proposeSplit(
  db: Db,
  provider: ChatProvider | null,
  schoolId: number,
  text: string,
): Promise<HomeworkQuestionInput[]> {
  if (!provider) throw badRequest(NO_MODEL_MESSAGE);
  const access = await db
    .selectFrom('ai_access')
    .select('enabled')
    .where('school_id', '=', schoolId)
    .executeTakeFirst();
  if (access?.enabled !== 1) throw badRequest(SCHOOL_OFF_MESSAGE);
  let content: string;
  try {
    const result = await provider.chat({
      messages: [
        { role: 'system', content: PROMPT },
        { role: 'user', content: text },
      ],
    });
    content = result.content;
  } catch (error) {
    if (error instanceof ProviderError) throw badRequest(error.message);
    throw error;
  }
  return parseProposal(content);
}

/** The model's JSON array as question inputs, keeping only well-formed items. */
export function parseProposal(content: string): HomeworkQuestionInput[] {
  const start = content.indexOf('[');
  const end = content.lastIndexOf(']');
  if (start === -1 || end <= start) throw badRequest(UNUSABLE_MESSAGE);
  let raw: unknown;
  try {
    raw = JSON.parse(content.slice(start, end + 1));
  } catch {
    throw badRequest(UNUSABLE_MESSAGE);
  }
  if (!Array.isArray(raw)) throw badRequest(UNUSABLE_MESSAGE);
  const out: HomeworkQuestionInput[] = [];
  for (const item of raw.slice(0, 200) as Record<string, unknown>[]) {
    const label = String(item?.label ?? '')
      .trim()
      .slice(0, 16);
    const type = HOMEWORK_QUESTION_TYPES.find((t) => t === item?.type);
    const marks = Number(item?.fullMarks);
    if (!label || !type || !(marks > 0 && marks <= 200)) continue;
    const answer =
      type === 'objective' && typeof item.answer === 'string' && item.answer.trim()
        ? item.answer.trim().slice(0, 16)
        : null;
    out.push({ label, type, answer, fullMarks: Math.round(marks * 2) / 2 });
  }
  if (out.length === 0) throw badRequest(UNUSABLE_MESSAGE);
  return out;
}
