import { useEffect, useState } from 'react';
import { homeworkOnlineRoutes } from '@examkit/contracts';
import { Button } from '@examkit/ui';
import { ErrorText, Note, Toolbar } from '../../common/styled';
import { useApiCall } from '../../common/useApiCall';

/**
 * 在线作答 of a confirmed homework: hands it out on screen with a 作业码 that students enter on
 * /homework-online with their 学号, or takes it back (the students' open pages stop working;
 * hand-ins stay). docs/homework.md "Hand-ins on screen".
 */
export function OnlineHandOutPanel({ homeworkId }: { homeworkId: number }) {
  const call = useApiCall();
  const [code, setCode] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    void call(homeworkOnlineRoutes.onlineState, { id: homeworkId }, { errorMessage: false }).then(
      (r) => {
        if (live) setCode(r.ok ? r.data.code : null);
      },
    );
    return () => {
      live = false;
    };
  }, [call, homeworkId]);

  async function toggle(open: boolean) {
    setBusy(true);
    const r = await call(homeworkOnlineRoutes.onlineOpen, { id: homeworkId, open });
    setBusy(false);
    if (r.ok) {
      setCode(r.data.code);
      setError('');
    } else setError(r.message);
  }

  const page = `${typeof window === 'undefined' ? '' : window.location.origin}/homework-online`;
  return (
    <section aria-labelledby="online-handout-title">
      <h2 id="online-handout-title">在线作答</h2>
      {code ? (
        <>
          <p>
            作业码：<strong aria-label="作业码">{code}</strong>
          </p>
          <Note>
            学生打开 {page}
            ，输入作业码和学号即可在截止时间前在线作答；客观题提交后立即按答案评分，主观题在批改页批改。
          </Note>
          <Toolbar>
            <Button loading={busy} onClick={() => void toggle(false)}>
              停止在线作答
            </Button>
          </Toolbar>
        </>
      ) : (
        <>
          <Note>发布后学生可以在网页上作答并提交，不必打印答题卡。</Note>
          <Toolbar>
            <Button
              type="primary"
              loading={busy}
              disabled={code === undefined}
              onClick={() => void toggle(true)}
            >
              发布在线作答
            </Button>
          </Toolbar>
        </>
      )}
      {error && <ErrorText role="alert">{error}</ErrorText>}
    </section>
  );
}
