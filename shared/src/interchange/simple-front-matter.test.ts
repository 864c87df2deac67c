import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseSimpleFrontMatter } from './simple-front-matter.ts';

// Each block is read by both readers: the fast one must agree with the YAML reader, or step aside (null).
const AGREES = [
  'title: Plain title\nid: n_1\ncreated: 2026-01-10T09:00:00.000Z\ntags:\n  - work\n  - "q3: plans"',
  'title: "Quoted \\"title\\" with \\u00e9"\ntags: []',
  "title: 'single ''quoted'''\nkeywords:\n- a\n- b",
  'title: Meeting\nupdated: 2023-09-14 17:50:03Z\nlatitude: 0.00000000\nlongitude: -12.5\naltitude: 1e3\nauthor:\ncompleted?: no',
  'date: 2024-05-01\nlastmod: 2024-05-03 10:15\npublished: true\ndraft: False\nempty: ~\nn: 42',
  'post: https://example.com/blog/post/4/plan\nurl: http://x.test/a#b',
  'tags:\n',
];
const STEPS_ASIDE = [
  'title: a # comment',
  'tags: [a, b]',
  'nested:\n  key: value',
  'title: &anchor x',
  'text: |\n  block',
  'title: "\\x41"',
  'a: 1\na: 2',
  'hex: 0x1F',
  '- just a list',
];

describe('parseSimpleFrontMatter', () => {
  it.each(AGREES)('agrees with the YAML reader: %j', (block) => {
    expect(parseSimpleFrontMatter(block)).toEqual(parse(block));
  });

  it.each(STEPS_ASIDE)('leaves %j to the YAML reader', (block) => {
    expect(parseSimpleFrontMatter(block)).toBeNull();
  });
});
