import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAuthClient } from '../auth/createAuthClient';
import { createHttpClient } from '../http/createHttpClient';
import { createStorage } from '../storage/createStorage';
import { createExamkitStore } from '../store/createExamkitStore';
import { createFakeAdapter, createFakeNotifier, demoUser } from '../test/fixtures';
import { ExamkitProvider } from './ExamkitProvider';
import { useExamkit } from './useExamkit';
import { useExamkitStore } from './useExamkitStore';

function Basket() {
  const { store } = useExamkit();
  const count = useExamkitStore((s) => s.basketCount);
  const name = useExamkitStore((s) => s.user?.nickName ?? '未登录');
  return (
    <div>
      <p>{name}</p>
      <button onClick={() => store.getState().patch({ basketCount: count + 1 })}>
        试题篮 {count}
      </button>
    </div>
  );
}

describe('ExamkitProvider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('gives components the store and re-renders them when it changes', async () => {
    const storage = createStorage('memory');
    storage.set('userInfo', demoUser());
    const notifier = createFakeNotifier();
    const http = createHttpClient({ storage, notifier, adapter: createFakeAdapter().adapter });
    const store = createExamkitStore(storage);
    const auth = createAuthClient({ http, storage, store });
    render(
      <ExamkitProvider value={{ http, auth, store, storage, notifier }}>
        <Basket />
      </ExamkitProvider>,
    );
    expect(screen.getByText('王老师')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '试题篮 0' }));
    expect(screen.getByRole('button', { name: '试题篮 1' })).toBeInTheDocument();
  });

  it('useExamkit outside a provider says so', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Basket />)).toThrow('No <ExamkitProvider> above');
  });
});
