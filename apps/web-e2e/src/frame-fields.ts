import type { Locator } from '@playwright/test';

export interface FieldEntry {
  readonly input: Locator;
  readonly value: string;
}

const bare = (text: string) => text.replace(/\s/g, '');

/**
 * Fills fields, some inside the card gateway's frames, and checks that each holds what was typed
 * (spacing aside: the gateway formats card numbers). Each of those frames is its own process in
 * Chromium: Playwright focuses a field from inside its frame, then inserts the text at the page's
 * focused element, and once in a while the text arrives before the browser has moved focus to that
 * frame, so it lands in the field focused before, or nowhere. A field that does not hold its value
 * is filled again (fill replaces what is there).
 */
export async function fillFields(entries: readonly FieldEntry[]): Promise<void> {
  for (const entry of entries) await entry.input.fill(entry.value);
  for (let round = 0; round < 3; round++) {
    const wrong: FieldEntry[] = [];
    for (const entry of entries) if (bare(await entry.input.inputValue()) !== bare(entry.value)) wrong.push(entry);
    if (wrong.length === 0) return;
    for (const entry of wrong) await entry.input.fill(entry.value);
  }
  throw new Error('the fields do not hold what was typed into them');
}
