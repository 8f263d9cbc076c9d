/** The tag managers' queue the store fills only with consent; the tests read it. */
declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
export {};
