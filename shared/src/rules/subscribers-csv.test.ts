import { describe, expect, it } from 'vitest';
import { csvCell, subscribersCsv, subscribersCsvFileName } from './subscribers-csv.ts';

// A small RFC 4180 reader, so the tests check what a spreadsheet would see rather than the raw bytes.
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  return rows;
}

const subscriber = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  interests: ['math', 'engines'],
  active: true,
  subscribedAt: '2025-02-03T23:30:00.000Z',
};

describe('subscribersCsv', () => {
  it('has the header and one row per subscriber', () => {
    const rows = parseCsv(
      subscribersCsv([subscriber, { ...subscriber, email: 'b@x.io', active: false, name: null }]),
    );
    expect(rows).toEqual([
      ['Email', 'Name', 'Interests', 'Status', 'Date Subscribed'],
      ['ada@example.com', 'Ada Lovelace', 'math, engines', 'Active', '2025-02-03'],
      ['b@x.io', '', 'math, engines', 'Inactive', '2025-02-03'],
    ]);
  });

  it('ends rows with CRLF and quotes the comma-joined interests', () => {
    const csv = subscribersCsv([subscriber]);
    expect(csv).toBe(
      'Email,Name,Interests,Status,Date Subscribed\r\nada@example.com,Ada Lovelace,"math, engines",Active,2025-02-03\r\n',
    );
  });

  it('is just the header for no subscribers', () => {
    expect(subscribersCsv([])).toBe('Email,Name,Interests,Status,Date Subscribed\r\n');
  });

  it('round-trips quotes, commas and line breaks', () => {
    const name = 'Grace "Amazing" Hopper,\nRear Admiral';
    const rows = parseCsv(subscribersCsv([{ ...subscriber, name, interests: [] }]));
    expect(rows[1]?.[1]).toBe(name);
    expect(rows[1]?.[2]).toBe('');
  });

  it('neutralises spreadsheet formulas', () => {
    const rows = parseCsv(
      subscribersCsv([{ ...subscriber, name: '=HYPERLINK("http://evil","x")', interests: ['+1', '@sum'] }]),
    );
    expect(rows[1]?.[1]).toBe('\'=HYPERLINK("http://evil","x")');
    expect(rows[1]?.[2]).toBe("'+1, @sum");
  });
});

describe('csvCell', () => {
  it('leaves plain text alone', () => {
    expect(csvCell('plain text')).toBe('plain text');
    expect(csvCell('')).toBe('');
  });

  it('prefixes - and tab but not a minus inside text', () => {
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('a-b')).toBe('a-b');
  });
});

describe('subscribersCsvFileName', () => {
  it('is subscribers_{yyyy-MM-dd}.csv', () => {
    expect(subscribersCsvFileName(new Date(Date.UTC(2025, 6, 4, 15)))).toBe('subscribers_2025-07-04.csv');
    expect(subscribersCsvFileName('2025-12-31T23:00:00Z')).toBe('subscribers_2025-12-31.csv');
  });
});
