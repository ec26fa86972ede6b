import { packageBuild } from '../../scripts/tsup-package';

export default packageBuild({
  entry: { index: 'src/index.ts', rules: 'src/rules.ts' },
  utf8: true,
  // Every schema and route is built at module level: marked pure, an unused contract is dropped.
  pureCalls:
    /^(?:Type\.\w+|Obj|Nullable|OneOf|post|get|route|Envelope|Paged|t|titled|\w+Fields|handInFigures|\w+Routes|teachersOf|sameAsMarking)$/,
});
