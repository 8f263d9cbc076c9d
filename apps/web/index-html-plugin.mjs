// The shape the build's index.html plugins share (issue 12: route-preload, session-head-start,
// prerender-notice, paint-first, inline-styles): a Vite plugin that runs for the build only, after
// Vite has written its own tags into the page, and is given the resolved config and the build's output.

/**
 * A build-only Vite plugin transforming index.html. `transform(html, { config, outputs })` returns what
 * Vite's transformIndexHtml may return (the page, or tags to add), or a promise of it; `outputs` are
 * the build's chunks and assets.
 */
export function indexHtmlPlugin(name, transform) {
  let config = { base: '/' };
  return {
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) => transform(html, { config, outputs: Object.values(context?.bundle ?? {}) }),
    },
  };
}
