import type { ComponentType, ReactNode } from 'react';
import type { NavigateFunction } from 'react-router-dom';
import type { ExamkitStore } from '@examkit/core';

/**
 * Mounts the AbilityGrowth sub-application into its container with the shared
 * store handle and the main router's navigate; may return an unmount function.
 */
export type AbilityGrowthMount = (
  container: HTMLElement,
  props: { store: ExamkitStore; navigate: NavigateFunction },
) => void | (() => void) | Promise<void | (() => void)>;

/** Loads a page component of one route. */
export type PageLoader = () => Promise<ComponentType>;

export interface ExamkitRoutesOptions {
  /**
   * Pages of modules built outside this package, by route name of the
   * catalogue (`'exam-single'`, `'DataStudent'`, …). Routes without a page show
   * `UnderConstructionPage`.
   * @default {}
   */
  pages?: Readonly<Record<string, PageLoader>>;
  /** The AbilityGrowth sub-application; without it /ability-growth/* says it is not configured. */
  abilityGrowth?: AbilityGrowthMount;
  /**
   * The third-party hosted platform variant (spec 000 §6).
   * @default false
   */
  hostedPlatform?: boolean;
  /**
   * Shown beside the main layout on every signed-in page, e.g. `<AssistantLauncher />` of
   * `@examkit/modules/ai` (the floating AI assistant).
   */
  overlay?: ReactNode;
}
