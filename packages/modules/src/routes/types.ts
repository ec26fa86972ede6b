import type { ComponentType, ReactNode } from 'react';

/** Loads a page component of one route. */
export type PageLoader = () => Promise<ComponentType>;

export interface ExamkitRoutesOptions {
  /**
   * Pages of modules built outside this package, by route name of the
   * catalogue (`'exam-single'`, `'DataStudent'`, …). Routes without a page show
   * `UnderConstructionPage`. `'platform-operator'` is the operator console of
   * `@examkit/modules/operator` (no catalogue route: /platform-operator).
   * @default {}
   */
  pages?: Readonly<Record<string, PageLoader>>;
  /**
   * {host} of the separately deployed AbilityGrowth sub-application: the address of its entry
   * page, whose ES module exports `bootstrap`, `mount` and `unmount` (docs/ability-growth.md).
   * Without it /ability-growth/* says the sub-application is not configured.
   */
  abilityGrowthHost?: string;
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
