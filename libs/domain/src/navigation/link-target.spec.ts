import { linkTarget } from './link-target';

describe('linkTarget', () => {
  it('opens external links in a new tab without opener or referrer', () => {
    expect(linkTarget(true)).toEqual({ target: '_blank', rel: 'noopener noreferrer' });
  });

  it('adds nothing to links within the store', () => {
    expect(linkTarget(false)).toEqual({});
  });
});
