import type { NetworkFailure, NetworkFailureReason } from '../types';

/** Whether a call produced no reply (offline, timeout, or a dropped duplicate: `reason: 'cancelled'`). */
export function isNetworkFailure(value: unknown): value is NetworkFailure {
  return (value as { kind?: unknown } | null)?.kind === 'network-failure';
}

export const networkFailure = (reason: NetworkFailureReason, message: string): NetworkFailure => ({
  kind: 'network-failure',
  reason,
  message,
});
