import { describe, expect, it } from 'vitest';
import content from '~/generated/content.json';
import { CONTENT_VALUES } from '../../../scripts/build-content.mjs';
import { contentValues, fillContent, fillText } from './content-values';

const company = { name: 'Example Motors Ltd', number: '01234567', registeredAddress: '1 High Street, Leeds LS1 1AA', icoNumber: 'ZA123456' };

describe('content values', () => {
  it('fills every value a page names, escaped', () => {
    const values = contentValues({ brandName: 'Kerbside', dealerNetworkSize: 9150, companyDetails: { ...company, name: 'A & <B> Ltd' } });
    expect(fillContent('<p>{{companyName}}, {{ companyNumber }}; {{referralReward}}</p>', values)).toBe(
      '<p>A &amp; &lt;B&gt; Ltd, 01234567; £50</p>',
    );
  });

  it('states the configured dealer network, rounded down, in HTML and in plain text', () => {
    const values = contentValues({ brandName: 'A & B', dealerNetworkSize: 9150, companyDetails: company });
    expect(fillContent('<p>Our network of {{dealerNetwork}} verified dealers</p>', values)).toBe('<p>Our network of 9,100+ verified dealers</p>');
    expect(fillText('{{brandName}}: let {{ dealerNetwork }} dealers bid', values)).toBe('A & B: let 9,100+ dealers bid');
  });

  it('says a missing company detail is not configured rather than making one up', () => {
    expect(fillContent('{{icoNumber}}', contentValues({ brandName: 'Kerbside', dealerNetworkSize: 9150, companyDetails: null }))).toBe('not configured');
  });

  it('has a value for every name the build allows, and every page names only those', () => {
    const values = contentValues({ brandName: 'Kerbside', dealerNetworkSize: 9150, companyDetails: company });
    expect(Object.keys(values).sort()).toEqual([...CONTENT_VALUES].sort());
    for (const collection of Object.values(content as Record<string, Record<string, { html: string; description: string }>>)) {
      for (const entry of Object.values(collection)) {
        expect(fillContent(entry.html, values)).not.toMatch(/\{\{|\}\}/);
        expect(fillText(entry.description, values)).not.toMatch(/\{\{|\}\}/);
      }
    }
    expect(() => fillContent('{{nothing}}', values)).toThrow(/no value/);
  });
});
