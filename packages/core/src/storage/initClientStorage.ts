import type { KeyValueStorage } from '../types';
import { createStorage } from './createStorage';

/**
 * Application start (spec 000 §3): clears the session key `isAutoPaperStoreBackup`.
 * Call it once when the app boots; importing core does nothing by itself.
 *
 * @param session @default createStorage('session')
 */
export function initClientStorage(session: KeyValueStorage = createStorage('session')): void {
  session.remove('isAutoPaperStoreBackup');
}
