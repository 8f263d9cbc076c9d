import { isDatabaseUnavailable } from './database-unavailable';

describe('isDatabaseUnavailable', () => {
  it.each([
    ['a terminated backend (57P01)', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['a server starting up (57P03)', { code: '57P03' }],
    ['a connection exception (08006)', { code: '08006' }],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a connection that ended', new Error('Connection terminated unexpectedly')],
    ['TypeORM wrapping the driver', { name: 'QueryFailedError', message: 'x', driverError: { code: '57P01' } }],
    ['a cause', new Error('outer', { cause: { code: 'ECONNRESET' } })],
  ])('is true for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(true));

  it.each([
    ['a unique violation', { code: '23505', message: 'duplicate key value violates unique constraint' }],
    ['a plain error', new Error('boom')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('is false for %s', (_, error) => expect(isDatabaseUnavailable(error)).toBe(false));
});
