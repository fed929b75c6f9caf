import { describe, expect, it } from 'vitest';
import { detectDelimiter, findImportColumns, readHeaderRow } from './entry-import.ts';

describe('the CSV import header row', () => {
  it.each([
    ['name,email\nAna,ana@example.com', ','],
    ['"Email Address";"First Name";"Last Name"\r\n', ';'],
    ['\n\nName;Email;"a,b,c"\n', ';'],
    ['"Silva; Ana",ana@example.com', ','],
  ])('detects the separator of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('reads the first line that is not blank, quotes and a BOM handled', () => {
    expect(readHeaderRow('\uFEFF\r\n"Email ""work""";"First Name" ;x\nrest', ';')).toEqual([
      'Email "work"',
      'First Name',
      'x',
    ]);
  });

  it.each([
    [['Email Address', 'First Name', 'Last Name'], { email: 0, name: [1, 2] }],
    [['Company', 'Full Name', 'E-mail'], { email: 2, name: [1] }],
    [[' EMAIL ', 'first name'], { email: 0, name: [1] }],
    [['name', 'email'], { email: 1, name: [0] }],
    [['First Name', 'Name', 'Email'], { email: 2, name: [1] }],
    [['Phone', 'Name'], null],
    [['Email', 'Last Name'], null],
  ])('finds the columns of %j', (header, columns) => {
    expect(findImportColumns(header)).toEqual(columns);
  });
});
