import { consentInPage } from './consent-api';

const page = (content: string | null) => ({
  querySelector: (selector: string) => (selector === 'meta[name="store-consent"]' && content !== null ? ({ content } as HTMLMetaElement) : null),
});

describe('the saved cookie choice written into the page', () => {
  it('is read as the server wrote it', () => {
    expect(consentInPage(page('{"analytics":null,"viewed":false}') as unknown as Document)).toEqual({ analytics: null, viewed: false });
    expect(consentInPage(page('{"analytics":true,"viewed":true}') as unknown as Document)).toEqual({ analytics: true, viewed: true });
    expect(consentInPage(page('{"analytics":false,"viewed":false}') as unknown as Document)).toEqual({ analytics: false, viewed: false });
  });

  it('is absent (the page asks the server) without the tag, or when the tag is not what the server writes', () => {
    expect(consentInPage(page(null) as unknown as Document)).toBeNull();
    expect(consentInPage(page('') as unknown as Document)).toBeNull();
    expect(consentInPage(page('not json') as unknown as Document)).toBeNull();
    expect(consentInPage(page('{"analytics":true}') as unknown as Document)).toBeNull();
    // Anything but a boolean choice counts as no choice.
    expect(consentInPage(page('{"analytics":"yes","viewed":true}') as unknown as Document)).toEqual({ analytics: null, viewed: true });
  });
});
