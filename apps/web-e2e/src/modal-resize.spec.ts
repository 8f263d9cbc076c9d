import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousAxeViolations } from './support';

// A phone held upright, then turned (or its keyboard shown): the window loses most of its height.
test.use({ viewport: { width: 390, height: 844 } });

type Recorded = { resizes: number[]; changes: { at: number; scrolls: boolean }[] };

/** Notes every resize event and every time the modal body changes its mind about scrolling. */
async function record(page: Page): Promise<void> {
  await page.evaluate(() => {
    const scope = window as unknown as { __recorded: Recorded };
    scope.__recorded = { resizes: [], changes: [] };
    // The event's own time stamp: when it was fired, before any listener (the modal's too) ran.
    window.addEventListener('resize', (event) => scope.__recorded.resizes.push(event.timeStamp));
    const body = document.querySelector('.modal__body') as HTMLElement;
    new MutationObserver(() => scope.__recorded.changes.push({ at: performance.now(), scrolls: body.hasAttribute('data-scrolls') })).observe(body, {
      attributes: true,
      attributeFilter: ['data-scrolls'],
    });
  });
}

/**
 * How long after the resize before it a measurement came. A busy machine can starve the resizes'
 * own timers past 300 ms, and then measuring in that pause is right: what must never happen is a
 * measurement within 300 ms of a resize before it.
 */
const pauseBefore = (change: { at: number }, resizes: number[]) => change.at - Math.max(...resizes.filter((at) => at <= change.at));

const recorded = (page: Page) => page.evaluate(() => (window as unknown as { __recorded: Recorded }).__recorded);

/** More resize events, 50 ms apart, as a window being dragged or a phone turning fires them. */
const keepResizing = (page: Page) =>
  page.evaluate(async () => {
    for (let i = 0; i < 8; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      window.dispatchEvent(new Event('resize'));
    }
  });

test('the modal fits a window made smaller, measuring itself once resizing has paused for 300 ms', async ({ page }) => {
  await page.goto('/en-gb/');
  await page.getByRole('region', { name: 'Cookies' }).getByRole('button', { name: 'Manage cookies' }).click();
  const dialog = page.getByRole('dialog', { name: 'Manage cookies' });
  const body = dialog.locator('.modal__body');
  await expect(dialog).toBeVisible();
  await expect(body).not.toHaveAttribute('data-scrolls');
  await expect(dialog.getByRole('region')).toHaveCount(0);

  await record(page);
  await page.setViewportSize({ width: 390, height: 300 });
  await keepResizing(page);
  await expect(body).toHaveAttribute('data-scrolls', '');
  const shrunk = await recorded(page);
  // Measured once, at least 300 ms after the resize before it: no resize led straight to a measurement.
  expect(shrunk.changes).toHaveLength(1);
  expect(shrunk.changes[0].scrolls).toBe(true);
  expect(shrunk.resizes.length).toBeGreaterThanOrEqual(8);
  expect(pauseBefore(shrunk.changes[0], shrunk.resizes)).toBeGreaterThanOrEqual(299);

  // The whole dialog is inside the window, its title and close button at the top; the body scrolls.
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(300);
  await expect(dialog.getByRole('button', { name: 'Close' })).toBeInViewport();

  // With the keyboard alone: Tab from the close button reaches the scrolling body, which scrolls.
  const region = dialog.getByRole('region', { name: 'Manage cookies' });
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Tab');
  await expect(region).toBeFocused();
  await page.keyboard.press('End');
  await expect.poll(() => body.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await expect(dialog.getByRole('button', { name: 'Save preference' })).toBeInViewport();
  await expectNoSeriousAxeViolations(page);

  // Room again: the body stops scrolling and leaves the Tab order, once more after the pause.
  await page.setViewportSize({ width: 390, height: 844 });
  await keepResizing(page);
  await expect(body).not.toHaveAttribute('data-scrolls');
  const grown = await recorded(page);
  expect(grown.changes).toHaveLength(2);
  expect(grown.changes[1].scrolls).toBe(false);
  expect(pauseBefore(grown.changes[1], grown.resizes)).toBeGreaterThanOrEqual(299);
  await expect(dialog.getByRole('region')).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Close' }).focus();
  await page.keyboard.press('Tab');
  await expect(dialog.getByRole('switch', { name: 'Analytics cookies' })).toBeFocused();
});
