import { useEffect, useId, useRef, useState } from 'react';
import { Button, FormField, Select } from '@examkit/ui';
import { Note, Toolbar } from '../../common/styled';

/** Readings of each word the teacher may choose. */
const TIMES = [1, 2, 3] as const;
/** Seconds between two readings the teacher may choose. */
const INTERVALS = [2, 5, 8] as const;

type Phase = 'idle' | 'playing' | 'paused' | 'done';

/** The browser's speech synthesis, or null where there is none. */
function synthesis(): SpeechSynthesis | null {
  if (typeof window === 'undefined') return null;
  return typeof window.SpeechSynthesisUtterance === 'function'
    ? ((window.speechSynthesis as SpeechSynthesis | undefined) ?? null)
    : null;
}

/**
 * 听写播放: reads the words of a 字词练习 aloud with the browser's speechSynthesis, in order, each
 * word `times` times with `interval` seconds after every reading, with 暂停/继续/停止. Only the
 * word's number is shown, never the word: it is a dictation. A pause cancels the word being read
 * and 继续 reads it again from the start.
 * @see docs/homework.md "字词练习"
 */
export function DictationPlayer({ words, lang }: { words: readonly string[]; lang: string }) {
  const synth = synthesis();
  const titleId = useId();
  const [phase, setPhase] = useState<Phase>('idle');
  const [position, setPosition] = useState(0);
  const [times, setTimes] = useState<number>(2);
  const [interval, setIntervalSeconds] = useState<number>(5);
  /** The next reading: the word's index and which reading of it. */
  const next = useRef({ index: 0, reading: 0 });
  /** Bumped on every start, pause and stop, so a late `onend` or timer of before does nothing. */
  const run = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const settings = useRef({ times, interval, words, lang });
  settings.current = { times, interval, words, lang };

  const halt = () => {
    run.current += 1;
    clearTimeout(timer.current);
    synth?.cancel();
  };
  useEffect(() => halt, []); // eslint-disable-line react-hooks/exhaustive-deps

  function speakNext() {
    if (!synth) return;
    const { words: list, lang: language } = settings.current;
    const { index, reading } = next.current;
    const word = list[index];
    if (word === undefined) return setPhase('done');
    setPosition(index + 1);
    const token = run.current;
    const utterance = new window.SpeechSynthesisUtterance(word);
    utterance.lang = language;
    utterance.rate = 0.8;
    const voice = synth.getVoices().find((v) => v.lang.replace('_', '-') === language);
    if (voice) utterance.voice = voice;
    const done = () => {
      if (token !== run.current) return;
      next.current =
        reading + 1 < settings.current.times
          ? { index, reading: reading + 1 }
          : { index: index + 1, reading: 0 };
      if (next.current.index >= settings.current.words.length) return setPhase('done');
      timer.current = setTimeout(() => {
        if (token === run.current) speakNext();
      }, settings.current.interval * 1000);
    };
    utterance.onend = done;
    utterance.onerror = done;
    synth.speak(utterance);
  }

  const start = () => {
    halt();
    next.current = { index: 0, reading: 0 };
    setPhase('playing');
    speakNext();
  };
  const pause = () => {
    halt();
    setPhase('paused');
  };
  const resume = () => {
    halt();
    setPhase('playing');
    speakNext();
  };
  const stop = () => {
    halt();
    next.current = { index: 0, reading: 0 };
    setPosition(0);
    setPhase('idle');
  };

  const status =
    phase === 'idle'
      ? `共 ${words.length} 个字词`
      : phase === 'done'
        ? `已读完，共 ${words.length} 个字词`
        : `${phase === 'paused' ? '已暂停：' : '正在读'}第 ${position} 个（共 ${words.length} 个）`;

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId}>听写播放</h2>
      {!synth ? (
        <Note role="status">当前浏览器不支持语音朗读</Note>
      ) : (
        <>
          <Toolbar>
            <FormField label="每个读">
              <Select
                value={times}
                options={TIMES.map((n) => ({ value: n, label: `${n} 遍` }))}
                onChange={(e) => setTimes(Number(e.target.value))}
              />
            </FormField>
            <FormField label="间隔">
              <Select
                value={interval}
                options={INTERVALS.map((n) => ({ value: n, label: `${n} 秒` }))}
                onChange={(e) => setIntervalSeconds(Number(e.target.value))}
              />
            </FormField>
            {phase === 'playing' ? (
              <Button onClick={pause}>暂停</Button>
            ) : phase === 'paused' ? (
              <Button type="primary" onClick={resume}>
                继续
              </Button>
            ) : (
              <Button type="primary" disabled={words.length === 0} onClick={start}>
                {phase === 'done' ? '重新播放' : '开始播放'}
              </Button>
            )}
            <Button disabled={phase === 'idle'} onClick={stop}>
              停止
            </Button>
          </Toolbar>
          <Note role="status" aria-live="polite">
            {status}
          </Note>
        </>
      )}
    </section>
  );
}
