import { lazy, Suspense } from 'react';

// The widget, its chat transport and its markdown renderer load after sign-in, so the
// login page's first load carries none of them (docs/architecture.md, first load).
const AssistantOverlay = lazy(() =>
  import('./AssistantOverlay').then((m) => ({ default: m.AssistantOverlay })),
);

/**
 * The floating AI assistant on every signed-in page of the shell: it follows the route (context
 * mode and report in view) and hides itself where the spec says (spec 000 §2, §4). Loaded on
 * first render.
 */
export function AssistantLauncher() {
  return (
    <Suspense fallback={null}>
      <AssistantOverlay />
    </Suspense>
  );
}
