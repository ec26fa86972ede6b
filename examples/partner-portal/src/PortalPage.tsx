import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useExamkit, useExamkitStore } from '@examkit/core/react';
import { Authorized } from '@examkit/permission';
import { takeHandoverToken } from './takeHandoverToken';

type State = { kind: 'signing-in' } | { kind: 'signed-in' } | { kind: 'failed'; message: string };

/**
 * The partner's own page: signs in with the hand-over token, then shows what examkit lets this
 * user do, with the way into the embedded marking module.
 */
export function PortalPage() {
  const { auth, store } = useExamkit();
  const nickName = useExamkitStore((s) => s.user?.nickName ?? null);
  const schoolName = useExamkitStore((s) => s.user?.schoolName ?? null);
  // Back from marking in the same tab: already signed in, no token to take.
  const [state, setState] = useState<State>(() =>
    store.getState().user ? { kind: 'signed-in' } : { kind: 'signing-in' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current || store.getState().user) return;
    started.current = true;
    const token = takeHandoverToken();
    if (!token) {
      setState({ kind: 'failed', message: '缺少登录凭证，请从合作方系统重新进入。' });
      return;
    }
    auth.loginToken({ token }).then(
      (result) =>
        setState(
          'userId' in result
            ? { kind: 'signed-in' }
            : { kind: 'failed', message: '登录失败，请从合作方系统重新进入。' },
        ),
      (error: unknown) =>
        setState({
          kind: 'failed',
          message: error instanceof Error ? error.message : '登录失败，请稍后重试。',
        }),
    );
  }, [auth, store]);

  return (
    <main
      style={{
        maxWidth: 720,
        margin: '40px auto',
        padding: 24,
        background: '#fff',
        borderRadius: 8,
      }}
    >
      <h1>合作伙伴门户</h1>
      {state.kind === 'signing-in' && <p role="status">正在通过 examkit 登录…</p>}
      {state.kind === 'failed' && <p role="alert">{state.message}</p>}
      {state.kind === 'signed-in' && (
        <>
          <p>
            当前用户：<strong data-testid="nick-name">{nickName}</strong>（{schoolName}）
          </p>
          <Authorized perm="Exam-Wuhen" fallback={<p>您没有网上阅卷权限。</p>}>
            <section aria-label="网上阅卷">
              <h2>网上阅卷</h2>
              <p>您可以进入网上阅卷，批阅本校考试的答卷。</p>
              <p>
                <Link to="/exam/marking">进入网上阅卷</Link>
              </p>
            </section>
          </Authorized>
          <Authorized perm="Homework-SchoolBase" fallback={<p>您没有校本作业权限。</p>}>
            <section aria-label="校本作业">
              <h2>校本作业</h2>
              <p>您可以上传试卷、确认题目并布置给任教班级。</p>
              <p>
                <Link to="/homework/school-base">进入校本作业</Link>
              </p>
            </section>
          </Authorized>
        </>
      )}
    </main>
  );
}
