import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { styled } from 'styled-components';
import { useExamkit } from '@examkit/core/react';
import { themeOf } from '@examkit/ui';
import { completeSignIn } from '../utils/completeSignIn';
import { firstMenuPath } from '../utils/firstMenuPath';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-content: center;
  gap: 12px;
  text-align: center;
  font-family: ${(p) => themeOf(p).font.family};
  color: ${(p) => themeOf(p).colors.text};
  a {
    color: ${(p) => themeOf(p).colors.primary};
  }
`;

/** The one-time credential carried by the entry URL, read once before the URL is cleaned. */
function takeCredential(): { kind: 'token' | 'code'; value: string } | null {
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const code = params.get('code');
  if (token || code) {
    params.delete('token');
    params.delete('code');
    const query = params.toString();
    // The credential must not stay in the address bar, the history or a Referer.
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${query ? `?${query}` : ''}${window.location.hash}`,
    );
  }
  if (token) return { kind: 'token', value: token };
  if (code) return { kind: 'code', value: code };
  return null;
}

/**
 * The single-sign-on entry (/oauth, /oauth2, /c-oauth). It reads the one-time
 * `token` (hand-over token, signed in with `school_login_token`) or `code`
 * (partner code, signed in with the partner call), removes it from the URL at
 * once, signs in and goes to the first menu target. On failure it says why and
 * links back to /login.
 */
export function OauthPage() {
  const { auth, store } = useExamkit();
  const navigate = useNavigate();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice; the credential is single-use.
    if (started.current) return;
    started.current = true;
    const credential = takeCredential();
    if (!credential) {
      setError('登录链接无效：缺少登录凭证。');
      return;
    }
    const attempt =
      credential.kind === 'token'
        ? auth.loginToken({ token: credential.value })
        : auth.loginYuexun({ code: credential.value });
    void completeSignIn(auth, store, attempt).then((outcome) => {
      if (outcome.kind === 'signed-in')
        navigate(firstMenuPath(store.getState().menus), { replace: true });
      else if (outcome.kind === 'choose-school')
        setError('登录失败，该账号属于多所学校，请使用账号密码登录。');
      else if (outcome.kind === 'operator') setError('平台运营账号请使用账号密码登录。');
      else setError(outcome.message);
    });
  }, [auth, store, navigate]);

  return (
    <Page aria-busy={!error}>
      {error ? (
        <>
          <h1>统一登录失败</h1>
          <p role="alert">{error}</p>
          <p>登录链接只能使用一次，且有效期很短。请返回原系统重新进入，或使用账号密码登录。</p>
          <Link to="/login">返回登录页</Link>
        </>
      ) : (
        <p role="status">正在登录，请稍候…</p>
      )}
    </Page>
  );
}
