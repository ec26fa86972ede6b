import {
  homeworkWordExerciseRoutes,
  type WordAccuracy,
  type WordExerciseSummary,
} from '@examkit/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, DIALECTS, signIn } from '../test/fixtures';
import { sharedTestServer } from '../test/sharedServer';
import { DEMO_WORD_EXERCISE, seedWordExercise } from './seedWordExercise';

describe.each(DIALECTS)('demo word exercise on %s', (dialect) => {
  const server = sharedTestServer(dialect);
  beforeAll(async () => {
    await seedWordExercise(server.db, { clock: server.clock });
    await seedWordExercise(server.db, { clock: server.clock });
  });

  it('gives the 班主任 one 语文 word list for their class with five students marked, once', async () => {
    const { token } = await signIn(server.app, 'head');
    const list = await call<WordExerciseSummary[]>(
      server.app,
      homeworkWordExerciseRoutes.wordExerciseList,
      { token, body: { gradeId: null, subjectId: null } },
    );
    expect(list.body.data.map((x) => [x.name, x.subjectName, x.wordCount, x.marked])).toEqual([
      [DEMO_WORD_EXERCISE.name, '语文', 6, 5],
    ]);
    expect(list.body.data[0]!.classes.map((c) => c.className)).toEqual(['高一(1)班']);
    const accuracy = await call<WordAccuracy>(
      server.app,
      homeworkWordExerciseRoutes.wordExerciseAccuracy,
      { token, body: { id: list.body.data[0]!.id, classId: null } },
    );
    // 挥斥方遒 wrong 3 of 5: the lowest 正确率 first.
    expect(accuracy.body.data.words[0]).toMatchObject({ word: '挥斥方遒', wrong: 3, rate: 40 });
  });
});
