import { useEffect, useState } from 'react';
import {
  homeworkWordExerciseRoutes as W,
  readingLabelOf,
  WORD_EXERCISE_CARD_URL,
  type WordExerciseDetail,
} from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ListTable } from '../../common/ListTable';
import { ErrorText, Note, PageBox, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';
import { useDownload } from '../../common/useDownload';
import { useImageUrl } from '../../common/useImageUrl';
import { DictationPlayer } from './DictationPlayer';
import { Frame, WordTabs, useExercises, useChosenId, ExercisePicker } from './wordShared';
import { WordCells } from './WordCells';

/**
 * /homework/word-exercise/card?id= (听写卡): the card laid out by the answer-sheet engine (a
 * numbered box per word) shown in the page and downloaded as a PDF, the words to read out, and
 * 听写播放 reading them aloud (语文 in zh-CN, 英语 in en-US).
 */
export function WordExerciseCardPage() {
  const call = useApiCall();
  const download = useDownload();
  const { list } = useExercises();
  const [id, setId] = useChosenId();
  const [exercise, setExercise] = useState<WordExerciseDetail | null>(null);

  useEffect(() => {
    setExercise(null);
    if (id === null) return;
    void call(W.wordExerciseDetail, { id }).then((r) => setExercise(r.ok ? r.data : null));
  }, [call, id]);
  const { url, error } = useImageUrl(id === null ? null : `${WORD_EXERCISE_CARD_URL}?id=${id}`);

  return (
    <PageBox aria-labelledby="word-card-title">
      <h1 id="word-card-title">字词练习 · 听写卡</h1>
      <WordTabs id={id} />
      <Toolbar>
        <ExercisePicker list={list} id={id} onChange={setId} />
        {exercise && (
          <Button
            type="primary"
            onClick={() =>
              void download(WORD_EXERCISE_CARD_URL, `${exercise.name}-听写卡.pdf`, {
                id: exercise.id,
              })
            }
          >
            下载听写卡
          </Button>
        )}
      </Toolbar>
      {id === null && <Note>请选择一份字词练习。</Note>}
      {exercise && (
        <ListTable
          label="报听写字词"
          rows={exercise.words}
          headers={['序号', '字词', readingLabelOf(exercise.subjectName), '释义']}
        >
          {(w) => (
            <tr key={w.position}>
              <WordCells word={w} />
            </tr>
          )}
        </ListTable>
      )}
      {exercise && (
        <DictationPlayer
          key={exercise.id}
          words={exercise.words.map((w) => w.word)}
          lang={exercise.subjectName === '英语' ? 'en-US' : 'zh-CN'}
        />
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
      {id !== null && !error && !url && <Note role="status">正在生成听写卡…</Note>}
      {url && <Frame src={url} title="听写卡" />}
    </PageBox>
  );
}
