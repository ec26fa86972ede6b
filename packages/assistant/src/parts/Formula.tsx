import { useEffect, useState } from 'react';
import type TemmlModule from 'temml';

type Temml = typeof TemmlModule;

let loaded: Temml | undefined;
let loading: Promise<Temml> | undefined;

/** Loads temml (LaTeX → MathML) once, on the first formula; answers without one never fetch it. */
function loadTemml(): Promise<Temml> {
  loading ??= import('temml').then((module) => {
    loaded = module.default;
    return loaded;
  });
  return loading;
}

/**
 * A formula's MathML, or undefined when it cannot be typeset. temml escapes every character
 * of the source, `trust: false` turns `\href`, `\url`, `\htmlClass` and the like into plain
 * text, and a formula that does not parse (temml answers with an error span instead of
 * `<math>`) stays as its source text.
 */
function typeset(temml: Temml, tex: string, display: boolean): string | undefined {
  try {
    const mathml = temml.renderToString(tex, {
      displayMode: display,
      throwOnError: false,
      trust: false,
      annotate: true,
      maxExpand: 200,
    });
    return mathml.startsWith('<math') ? mathml : undefined;
  } catch {
    return undefined;
  }
}

export interface FormulaProps {
  /** The LaTeX source between `$…$` or `$$…$$`. */
  tex: string;
  /** `$$…$$`: a formula on its own line. */
  display?: boolean;
}

/**
 * A formula typeset as MathML, which the browser renders natively. The typesetter is loaded
 * lazily; until it arrives, and when the formula does not parse, the source shows as text.
 */
export function Formula({ tex, display = false }: FormulaProps) {
  const [temml, setTemml] = useState(() => loaded);
  useEffect(() => {
    if (temml) return;
    let live = true;
    loadTemml().then(
      (t) => live && setTemml(() => t),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [temml]);
  const Tag = display ? 'div' : 'span';
  const mathml = temml ? typeset(temml, tex, display) : undefined;
  if (mathml)
    return (
      <Tag
        data-part="math"
        data-display={display || undefined}
        dangerouslySetInnerHTML={{ __html: mathml }}
      />
    );
  return (
    <Tag role="math" aria-label={tex} data-part="math" data-display={display || undefined}>
      {tex}
    </Tag>
  );
}
