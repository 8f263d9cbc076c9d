import { CLIENT_ERROR_LIMITS, CLIENT_ERROR_PATH, CLIENT_ERROR_WHERE, ErrorCatalogue } from '@store/domain';
import { cleanWhere, renderErrorReport, reportRenderError, rethrowOutsideReact, withGenericCode } from './report-render-error';

type Call = { path: string; init: RequestInit };
const recordingFetch = (calls: Call[], answer: () => Promise<Response> = () => Promise.resolve(new Response(null, { status: 204 }))) =>
  ((path: string, init: RequestInit) => {
    calls.push({ path, init });
    return answer();
  }) as unknown as typeof fetch;

describe('a render error gets the generic code', () => {
  it('adds 999 to an error that has no code and keeps the same error', () => {
    const thrown = new TypeError("Cannot read properties of null (reading 'length')");
    const coded = withGenericCode(thrown);
    expect(coded).toBe(thrown);
    expect((coded as Error & { code?: number }).code).toBe(ErrorCatalogue.GENERIC.code);
  });

  it('keeps a code the error already carries on the error, and reports the generic one', () => {
    const apiFailure = Object.assign(new Error('The basket has changed'), { code: 200010 });
    const coded = withGenericCode(apiFailure);
    expect((coded as Error & { code?: number }).code).toBe(200010);
    expect(renderErrorReport(coded, 'checkout:basket').code).toBe(999);
  });

  it('makes a thrown string, object or frozen error an Error it can report', () => {
    expect(withGenericCode('plain text').message).toBe('plain text');
    expect(withGenericCode({ toString: () => 'an object' }).message).toBe('an object');
    const unprintable = Object.create(null) as object;
    expect(withGenericCode(unprintable).message).toMatch(/cannot be shown as text/);
    const frozen = Object.freeze(new Error('frozen'));
    expect(() => withGenericCode(frozen)).not.toThrow();
    expect(renderErrorReport(withGenericCode(frozen), 'route:/').code).toBe(999);
  });
});

describe('the report', () => {
  it('trims the message and stack to the sizes the API accepts', () => {
    const error = new Error('m'.repeat(CLIENT_ERROR_LIMITS.message + 50));
    error.stack = 's'.repeat(CLIENT_ERROR_LIMITS.stack + 50);
    const report = renderErrorReport(withGenericCode(error), 'checkout:basket');
    expect(report.message).toHaveLength(CLIENT_ERROR_LIMITS.message);
    expect(report.stack).toHaveLength(CLIENT_ERROR_LIMITS.stack);
    expect(report.where).toBe('checkout:basket');
  });

  it('names an error with no message by its kind, and leaves out an empty stack', () => {
    const error = new RangeError('');
    error.stack = '';
    expect(renderErrorReport(error, 'route:/en-gb/')).toEqual({ message: 'RangeError', code: 999, where: 'route:/en-gb/' });
  });

  it('keeps the place inside what the API accepts, whatever the address held', () => {
    for (const where of ['route:/en-gb/order/AFS 1<2>', 'route:/' + 'é'.repeat(500), '', 'checkout:basket']) {
      const cleaned = cleanWhere(where);
      expect(cleaned.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.where);
      expect(cleaned).toMatch(CLIENT_ERROR_WHERE);
    }
    expect(cleanWhere('route:/en-gb/order/AFS 1')).toBe('route:/en-gb/order/AFS-1');
  });
});

describe('sending it', () => {
  it('posts the report once per error, with the data-call header, kept alive past a reload', () => {
    const calls: Call[] = [];
    const error = withGenericCode(new Error('once only'));
    expect(reportRenderError(error, 'checkout:billing-address', { fetch: recordingFetch(calls) })).toBe(true);
    expect(reportRenderError(error, 'checkout:billing-address', { fetch: recordingFetch(calls) })).toBe(false);
    expect(calls).toHaveLength(1);
    const [{ path, init }] = calls;
    expect(path).toBe(CLIENT_ERROR_PATH);
    expect(init.method).toBe('POST');
    expect(init.keepalive).toBe(true);
    expect(init.headers).toMatchObject({ 'X-Requested-With': 'XMLHttpRequest', 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toMatchObject({ message: 'once only', code: 999, where: 'checkout:billing-address' });
  });

  it('never throws, whether the network fails, the fetch throws at once or the server refuses', async () => {
    const failing = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => {
        throw new Error('fetch is broken');
      },
      () => Promise.resolve(new Response('{"success":false,"code":429}', { status: 429 })),
    ];
    for (const answer of failing) {
      expect(() => reportRenderError(withGenericCode(new Error('x')), 'checkout:payment-details', { fetch: recordingFetch([], answer as () => Promise<Response>) })).not.toThrow();
    }
    // A rejected send is handled, not left for the window's unhandled-rejection handling.
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    await new Promise((resolve) => setTimeout(resolve, 10));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('writes to the console in development only', () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      reportRenderError(withGenericCode(new Error('in production')), 'checkout:basket', { fetch: recordingFetch([]) });
      expect(consoleError).not.toHaveBeenCalled();
      const error = withGenericCode(new Error('in development'));
      reportRenderError(error, 'checkout:basket', { dev: true, fetch: recordingFetch([]) });
      expect(consoleError).toHaveBeenCalledWith('Render error in checkout:basket (code 999):', error);
    } finally {
      consoleError.mockRestore();
    }
  });
});

describe('rethrowing it', () => {
  it('throws the same error again from a task of its own, not from the caller', () => {
    const tasks: Array<() => void> = [];
    const error = withGenericCode(new Error('rethrown'));
    expect(() => rethrowOutsideReact(error, (task) => tasks.push(task))).not.toThrow();
    expect(tasks).toHaveLength(1);
    expect(() => tasks[0]()).toThrow(error);
  });
});
