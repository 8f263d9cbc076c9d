export { SectionErrorBoundary, type SectionErrorBoundaryProps } from './section-error-boundary';
export { RouteErrorScreen } from './route-error-screen';
export { RENDER_ERROR_CODE, reportRenderError, rethrowOutsideReact, withGenericCode } from './report-render-error';
