import constants from 'braintree-web/hosted-fields/shared/constants';
import type { StyleRules } from './protocol';

/** The input fills its frame, so the merchant's container decides the size and the border. */
const BASE_CSS = `
html, body, form { height: 100%; margin: 0; padding: 0; background: transparent; overflow: hidden; }
input { box-sizing: border-box; width: 100%; height: 100%; margin: 0; padding: 0; border: 0; background: transparent; font: inherit; color: inherit; outline: none; }
.visually-hidden { position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
`;

// Selectors and values may not break out of their rule or load anything.
const SAFE_SELECTOR = /^[\w\s.:#>+~*,()[\]="'-]+$/;
const UNSAFE_VALUE = /[{};<>\\]|url\(|expression\(/i;

/** The merchant's `styles` option, limited to the properties braintree-web allows. */
export function merchantCss(styles: StyleRules | undefined): string {
  const allowed = new Set(constants.allowedStyles);
  return Object.entries(styles ?? {})
    .filter(([selector, rules]) => SAFE_SELECTOR.test(selector) && typeof rules === 'object')
    .map(([selector, rules]) => {
      const declarations = Object.entries(rules as Record<string, string>)
        .filter(([property, value]) => allowed.has(property) && typeof value === 'string' && !UNSAFE_VALUE.test(value))
        .map(([property, value]) => `${property}: ${value};`);
      return `${selector} { ${declarations.join(' ')} }`;
    })
    .join('\n');
}

export function applyStyles(document: Document, styles: StyleRules | undefined): void {
  const element = document.createElement('style');
  element.textContent = `${BASE_CSS}\n${merchantCss(styles)}`;
  document.head.append(element);
}
