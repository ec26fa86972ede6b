import { describe, expect, it } from 'vitest';
import { markPureCalls } from './tsup-package';

const BUILDERS = /^(?:Type\.\w+|post)$/;

describe('markPureCalls', () => {
  it('marks module-level builder calls, nested ones too, and nothing else', () => {
    const out = markPureCalls(
      "export const A = post('/a', Type.Object({ n: Type.Integer() }));\nlog(A);\n",
      BUILDERS,
    );
    expect(out).toBe(
      "export const A = /* @__PURE__ */ post('/a', /* @__PURE__ */ Type.Object({ n: /* @__PURE__ */ Type.Integer() }));\nlog(A);\n",
    );
  });

  it('leaves comments, strings and templates that mention a builder untouched', () => {
    const source =
      "/** Like `Type.Union([Type.Literal(…)])`. */\nconst s = 'post(x)';\nconst t = `${M}/post(`;\n";
    expect(markPureCalls(source, BUILDERS)).toBe(source);
  });

  it('does not mark a method of another object with the same name', () => {
    const source = 'const v = map.get(k); http.post(u);\n';
    expect(markPureCalls(source, /^(?:get|post)$/)).toBe(source);
  });
});
