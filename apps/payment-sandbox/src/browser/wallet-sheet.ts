/*
 * Ours: the in-page sheet the wallet stand-ins (PayPal, Google Pay, Apple Pay) show where the real
 * wallets show their own popup or browser sheet. A modal dialog named by its heading, with the
 * payment's facts and the buyer's choices as buttons; Escape is the cancel choice.
 */

export interface SheetAction {
  readonly label: string;
  readonly primary?: boolean;
  readonly disabled?: boolean;
  readonly onClick: () => void;
}

export interface SheetOptions {
  /** The dialog's heading, and so its accessible name. */
  readonly title: string;
  /** Marks the overlay (`data-payment-sandbox`), for people reading the page. */
  readonly marker: string;
  readonly lines: readonly string[];
  readonly actions: readonly SheetAction[];
  readonly onEscape: () => void;
  /** The primary button's colours. */
  readonly accent: { readonly background: string; readonly color: string };
}

export interface Sheet {
  button(label: string): HTMLButtonElement;
  /** Says something in the sheet's live region ("Processing…", an error). */
  status(text: string): void;
  close(): void;
}

function styled<K extends keyof HTMLElementTagNameMap>(tag: K, style: Partial<CSSStyleDeclaration>): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  Object.assign(element.style, style);
  return element;
}

let sheets = 0;

export function openSheet(options: SheetOptions): Sheet {
  const id = `payment-sandbox-sheet-${++sheets}`;
  const overlay = styled('div', { position: 'fixed', inset: '0', zIndex: '2147483647', display: 'flex', alignItems: 'center', justifyContent: 'center', background: 'rgba(0, 0, 0, 0.6)' });
  overlay.setAttribute('data-payment-sandbox', options.marker);
  const dialog = styled('div', { background: '#fff', color: '#1a1a1a', borderRadius: '8px', padding: '1.5rem', width: '22rem', maxWidth: 'calc(100vw - 2rem)', font: '16px/1.5 system-ui, sans-serif' });
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.setAttribute('aria-labelledby', `${id}-title`);
  dialog.tabIndex = -1;
  const heading = styled('h2', { fontSize: '1.25rem', margin: '0 0 1rem' });
  heading.id = `${id}-title`;
  heading.textContent = options.title;
  dialog.append(heading);
  for (const line of options.lines) {
    const paragraph = styled('p', { margin: '0 0 0.5rem' });
    paragraph.textContent = line;
    dialog.append(paragraph);
  }
  const live = styled('p', { margin: '0.5rem 0 0', minHeight: '1.5em' });
  live.setAttribute('role', 'status');
  const row = styled('div', { display: 'flex', flexWrap: 'wrap', gap: '0.5rem', marginTop: '1rem' });
  const buttons = new Map<string, HTMLButtonElement>();
  for (const action of options.actions) {
    const button = styled('button', {
      font: 'inherit',
      padding: '0.5rem 1rem',
      borderRadius: '4px',
      cursor: 'pointer',
      border: `1px solid ${options.accent.background}`,
      background: action.primary ? options.accent.background : '#fff',
      color: action.primary ? options.accent.color : '#1a1a1a',
    });
    button.type = 'button';
    button.textContent = action.label;
    button.disabled = action.disabled ?? false;
    button.addEventListener('click', () => action.onClick());
    buttons.set(action.label, button);
    row.append(button);
  }
  dialog.append(row, live);
  overlay.append(dialog);

  // Keyboard users stay in the sheet while it is open and land back where they were after.
  const previouslyFocused = document.activeElement;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      options.onEscape();
      return;
    }
    if (event.key !== 'Tab') return;
    const enabled = [...buttons.values()].filter((button) => !button.disabled);
    if (enabled.length === 0) return;
    const index = enabled.indexOf(document.activeElement as HTMLButtonElement);
    const next = event.shiftKey ? (index <= 0 ? enabled.length - 1 : index - 1) : (index + 1) % enabled.length;
    event.preventDefault();
    enabled[next].focus();
  };
  overlay.addEventListener('keydown', onKeyDown);
  document.body.append(overlay);
  const first = [...buttons.values()].find((button) => !button.disabled);
  (first ?? dialog).focus();

  return {
    button: (label) => {
      const button = buttons.get(label);
      if (!button) throw new Error(`No sheet button ${label}`);
      return button;
    },
    status: (text) => {
      live.textContent = text;
    },
    close: () => {
      overlay.remove();
      if (previouslyFocused instanceof HTMLElement && previouslyFocused.isConnected) previouslyFocused.focus();
    },
  };
}
