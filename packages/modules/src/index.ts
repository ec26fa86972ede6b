export { routeCatalogue } from './catalogue/routeCatalogue';
export { findRoute } from './catalogue/findRoute';
export {
  isFooterHidden,
  layoutOf,
  FOOTER_HIDDEN_NAMES,
  FOOTER_HIDDEN_PATH_PARTS,
} from './catalogue/layoutRules';
export { createExamkitRoutes } from './routes/createExamkitRoutes';
export type * from './catalogue/types';
export type * from './routes/types';
export type * from './abilityGrowth/types';
