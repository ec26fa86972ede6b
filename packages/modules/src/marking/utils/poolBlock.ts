import type { DataOf, MarkingBlock, jointPoolRoutes } from '@examkit/contracts';

/** A pool block of a 统一阅卷 joint exam, as `joint/pool/mine` answers it. */
export type PoolBlock = DataOf<typeof jointPoolRoutes.jointPoolMine>['list'][number];

/**
 * A pool block as the marking pages show it: the marking block's fields they read (the screen,
 * the problem-paper page and 组长改分), from `joint/pool/mine`.
 */
export function poolBlockView(b: PoolBlock): MarkingBlock {
  return {
    blockId: b.blockId,
    examId: 0,
    examName: b.jointExamName,
    examSubjectId: 0,
    subjectName: b.subjectCode,
    name: b.name,
    state: b.state as MarkingBlock['state'],
    mode: b.mode as MarkingBlock['mode'],
    fullScore: b.fullScore,
    questionFullScores: b.questionFull,
    questionIds: [],
    tolerance: 0,
    scoreStep: b.scoreStep,
    distribution: 'pool',
    anonymous: true,
    guide: b.guide,
    answer: b.answer,
    recheckPercent: 0,
    leaseMinutes: 5,
    roles: b.roles,
    papers: { total: 0, done: 0, marking: 0, arbitration: 0, problem: 0 },
    markers: [],
    arbitrators: [],
    leaders: [],
  };
}
