/**
 * The difficulty mixes of 组卷助手, free of the schema library (exported through `/rules` for
 * browser packages as well as from the entry).
 */
export const ASSISTANT_MIXES = ['easy', 'balanced', 'hard'] as const;
export type AssistantMix = (typeof ASSISTANT_MIXES)[number];

/** The name teachers see for each mix. */
export const ASSISTANT_MIX_NAMES: Record<AssistantMix, string> = {
  easy: '基础（容易题多）',
  balanced: '均衡',
  hard: '提高（较难题多）',
};

/**
 * The share of easy (difficulty 1–2), medium (3) and hard (4–5) questions in each mix.
 * @see docs/resources.md "组卷助手"
 */
export const ASSISTANT_MIX_SHARES: Record<AssistantMix, readonly [number, number, number]> = {
  easy: [0.5, 0.4, 0.1],
  balanced: [0.3, 0.5, 0.2],
  hard: [0.2, 0.4, 0.4],
};
