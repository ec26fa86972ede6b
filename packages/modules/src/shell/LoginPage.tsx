import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { styled } from 'styled-components';
import { useExamkit } from '@examkit/core/react';
import { themeOf } from '@examkit/ui';
import { BrandLogo } from '../layout/BrandLogo';
import { useBrand } from '../hooks/useBrand';
import { CodeLoginForm } from './login/CodeLoginForm';
import { PasswordLoginForm } from './login/PasswordLoginForm';
import { ResetPasswordForm } from './login/ResetPasswordForm';

const Page = styled.main`
  min-height: 100vh;
  display: grid;
  place-items: center;
  background: ${(p) => themeOf(p).colors.background};
  font-family: ${(p) => themeOf(p).font.family};
  color: ${(p) => themeOf(p).colors.text};
`;

const Card = styled.div`
  width: min(400px, calc(100vw - 32px));
  padding: 32px;
  background: ${(p) => themeOf(p).colors.surface};
  border: 1px solid ${(p) => themeOf(p).colors.border};
  border-radius: ${(p) => themeOf(p).radius.large};
  box-shadow: ${(p) => themeOf(p).shadow.popup};
  h1 {
    font-size: 20px;
    margin: 16px 0 20px;
  }
  form button[type='submit'] {
    width: 100%;
    margin-top: 12px;
  }
`;

const Tabs = styled.div`
  display: flex;
  gap: 24px;
  margin-bottom: 20px;
  border-bottom: 1px solid ${(p) => themeOf(p).colors.border};
  button {
    border: 0;
    background: none;
    padding: 8px 0;
    font: inherit;
    cursor: pointer;
    color: ${(p) => themeOf(p).colors.textSecondary};
    border-bottom: 2px solid transparent;
  }
  button[aria-selected='true'] {
    color: ${(p) => themeOf(p).colors.primary};
    border-bottom-color: ${(p) => themeOf(p).colors.primary};
  }
  button:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

const Forgot = styled.button`
  display: block;
  margin: 12px 0 0 auto;
  border: 0;
  background: none;
  padding: 4px 0;
  font: inherit;
  cursor: pointer;
  color: ${(p) => themeOf(p).colors.primary};
  &:focus-visible {
    outline: 2px solid ${(p) => themeOf(p).colors.focus};
  }
`;

/** Shown on the sign-in page after a password reset. */
export const PASSWORD_RESET_NOTICE = '密码已重置，请使用新密码登录';

type Tab = 'password' | 'code';
const TABS: [Tab, string][] = [
  ['password', '账号登录'],
  ['code', '验证码登录'],
];

/**
 * The sign-in page (/login): account and password, or phone and code, and
 * 忘记密码 (a new password with a code sent to the phone). The
 * optional query `bv` selects the brand variant: it is stored and sets the
 * logo and the document title.
 */
export function LoginPage() {
  const { store } = useExamkit();
  const [params] = useSearchParams();
  const bv = params.get('bv');
  useEffect(() => {
    if (bv !== null && /^\d+$/.test(bv)) store.getState().setBrandVariant(Number(bv));
  }, [bv, store]);
  const brand = useBrand();
  const [tab, setTab] = useState<Tab>('password');
  const [resetting, setResetting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const id = useId();

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const next = tab === 'password' ? 'code' : 'password';
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };

  return (
    <Page>
      <Card>
        <BrandLogo logo={brand.logo} title={brand.title} />
        {resetting ? (
          <>
            <h1>找回密码</h1>
            <ResetPasswordForm
              onDone={(done) => {
                setResetting(false);
                setTab('password');
                setNotice(done ? PASSWORD_RESET_NOTICE : null);
              }}
            />
          </>
        ) : (
          <>
            <h1>欢迎登录</h1>
            {notice && <p role="status">{notice}</p>}
            <Tabs role="tablist" aria-label="登录方式" onKeyDown={onKeyDown}>
              {TABS.map(([key, label]) => (
                <button
                  key={key}
                  id={`${id}-${key}`}
                  type="button"
                  role="tab"
                  aria-selected={tab === key}
                  aria-controls={`${id}-panel`}
                  tabIndex={tab === key ? 0 : -1}
                  onClick={() => setTab(key)}
                >
                  {label}
                </button>
              ))}
            </Tabs>
            <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-${tab}`}>
              {tab === 'password' ? <PasswordLoginForm /> : <CodeLoginForm />}
            </div>
            <Forgot
              type="button"
              onClick={() => {
                setNotice(null);
                setResetting(true);
              }}
            >
              忘记密码
            </Forgot>
          </>
        )}
      </Card>
    </Page>
  );
}
