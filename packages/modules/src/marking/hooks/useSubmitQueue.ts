import { useEffect, useSyncExternalStore } from 'react';
import { createStorage } from '@examkit/core';
import {
  createSubmitQueue,
  type QueuedSubmit,
  type SendResult,
  type SubmitQueue,
} from '../utils/submitQueue';

/** Sends one queued score; tells the queue whether it was sent, may be retried, or was refused. */
export type SubmitSender = (item: QueuedSubmit) => Promise<SendResult>;

/**
 * One outbox per tab (sessionStorage), alive as long as the tab: scores still waiting when the
 * screen closes are sent by the next marking screen of the tab, through its http client.
 */
let sharedQueue: SubmitQueue | null = null;
let sender: SubmitSender | null = null;

function submitQueue(): SubmitQueue {
  sharedQueue ??= createSubmitQueue({
    storage: createStorage('session'),
    send: (item) => (sender ? sender(item) : Promise.resolve('retry')),
  });
  return sharedQueue;
}

/**
 * The tab's score outbox for the marking screen: sends through the latest `send` (the
 * mounted screen's http client), flushes what an earlier screen left on mount, and gives
 * the outbox state (pending scores, offline) to render.
 */
export function useSubmitQueue(send: SubmitSender) {
  const queue = submitQueue();
  useEffect(() => {
    sender = send;
  });
  useEffect(() => {
    void queue.flush();
  }, [queue]);
  const state = useSyncExternalStore(queue.subscribe, queue.getState);
  return { queue, state };
}
