import { lockoutMail } from './sign-in-lockouts';

const ada = { email: 'ada@example.com', firstName: 'Ada' };
const at = new Date('2026-11-25T01:23:45.678Z');

describe('lockoutMail', () => {
  it('tells the owner the account is locked for new devices, when, and where to reset the password', () => {
    const mail = lockoutMail(ada, 'account', at, { publicUrl: 'https://store.example/', locale: 'en-gb' });
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your Affinity Store account has been locked' });
    expect(mail.text).toMatch(/^Hello Ada,\n/);
    expect(mail.text).toContain('most recently at 2026-11-25 01:23 UTC.');
    expect(mail.text).toContain('Browsers and devices where you signed in successfully before can still sign in');
    expect(mail.text).toContain('\nhttps://store.example/en-gb/reset-password/\n');
  });

  it('tells the owner that one device only is locked', () => {
    const mail = lockoutMail(ada, 'device', at, { publicUrl: 'https://store.example', locale: 'de-de' });
    expect(mail.subject).toBe('Sign-in from one of your devices has been locked');
    expect(mail.text).toContain('Your other devices are not affected.');
    expect(mail.text).not.toContain('Browsers and devices where you signed in successfully before');
    expect(mail.text).toContain('https://store.example/de-de/reset-password/');
  });
});
