import { validationFailure } from './validation-failure';

describe('validationFailure', () => {
  it.each([
    [{ firstName: ['Field contains invalid characters'] }, 100110, 'The name you have entered contains invalid characters.'],
    [{ firstName: ['Field contains invalid characters'], last_name: ['Field contains invalid characters'] }, 100110, 'The name you have entered contains invalid characters.'],
    [{ email: ['Enter a valid email address'] }, 100111, 'The email address you entered is not valid.'],
    [{ username: ['Enter a valid email address'] }, 100111, 'The email address you entered is not valid.'],
    [{ password: ['Your password must be at least six characters'] }, 100112, 'Your password must be at least six characters.'],
    [{ new_password: ['Your password must be at least 12 characters'] }, 100112, 'Your password must be at least 12 characters.'],
  ])('gives %j its own code %i and words', (fields, code, message) => {
    expect(validationFailure(fields)).toMatchObject({ code, message, fields });
  });

  it.each([
    // Another kind of problem with the same field, or problems of two kinds, keep the general code.
    [{ firstName: ['First name is required'] }],
    [{ email: ['Email address is required'] }],
    [{ password: ['Password is required'] }],
    [{ firstName: ['Field contains invalid characters'], email: ['Enter a valid email address'] }],
    [{ firstName: ['Field contains invalid characters', 'Field must contain no more than 255 characters'] }],
    [{ companyName: ['Field contains invalid characters'] }],
    [{}],
  ])('keeps 100100 for %j', (fields) => {
    expect(validationFailure(fields)).toMatchObject({ code: 100100, errorName: 'VALIDATION_FAILED', fields });
  });
});
