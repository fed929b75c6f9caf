import { describe, expect, it } from 'vitest';
import { validateEntry } from './entries.ts';
import { entryMessages } from './entry-messages.ts';

/** The entry form shows exactly these messages: it validates with this contract before sending. */
describe('the entry contract', () => {
  const email = 'maya@example.com';
  const NOT_PLAIN = 'Name cannot contain control or text-direction characters.';

  it.each([
    ['a NUL', 'Maya\u0000Chen'],
    ['a line break inside', 'Maya\nChen'],
    ['a tab inside', 'Maya\tChen'],
    ['the last C0 control', 'Maya\u001FChen'],
    ['DEL', 'Maya\u007FChen'],
    ['the first C1 control', 'Maya\u0080Chen'],
    ['NEL, which trimming keeps', '\u0085Maya'],
    ['the last C1 control', 'Maya\u009FChen'],
    ['a left-to-right embedding', '\u202AMaya'],
    ['a right-to-left override', 'Maya \u202Egnp.exe'],
    ['a left-to-right isolate', '\u2066Maya'],
    ['a pop directional isolate', 'Maya\u2069'],
  ])('refuses a name with %s', (_label, name) => {
    expect(validateEntry({ name, email })).toEqual({
      success: false,
      errors: { name: NOT_PLAIN },
    });
  });

  it.each([
    'Zoë Ñúñez 李',
    'Maya 🎉👩🏽‍💻 Chen',
    'مايا تشن',
    'מאיה חן',
    'Non\u00A0breaking',
    'Left\u200Emark',
    'x;=1+1',
  ])('accepts %j', (name) => {
    expect(validateEntry({ name, email })).toEqual({ success: true, data: { name, email } });
  });

  // Names appear in mails and on public pages: a name must not carry someone's link there.
  it.each([
    'Win a prize https://evil.example/claim',
    'HTTP://EVIL.EXAMPLE',
    'click evil.example/x?u=https://y',
    'javascript:alert(1)',
    'mailto:boss@example.com',
    'app+scheme://open',
    'Visit www.evil.example',
    'WWW.EVIL.EXAMPLE',
  ])('refuses a name holding a web address: %j', (name) => {
    expect(validateEntry({ name, email })).toEqual({
      success: false,
      errors: { name: entryMessages.nameHasLink },
    });
  });

  it.each(['Dr. Who', 'Maya: the coach', 'Anna-Lena O’Brien', 'Mr.www', 'Http Hero', 'Data Dan'])(
    'accepts a name that only looks a little like one: %j',
    (name) => {
      expect(validateEntry({ name, email })).toEqual({ success: true, data: { name, email } });
    },
  );

  it('trims surrounding whitespace, controls included, before checking', () => {
    expect(validateEntry({ name: '\t Maya Chen \r\n', email })).toEqual({
      success: true,
      data: { name: 'Maya Chen', email },
    });
  });
});
