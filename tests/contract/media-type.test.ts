// How the contract model reads media types (lib/contract/media-type.ts): a request's Content-Type as
// the mock's request check reads it (what decides a 415, a multipart boundary), a declared type that
// covers the sent one, and the fields of a multipart body. In process, no mock.
import { describe, expect, it } from 'vitest';
import { headerMediaType, mediaMatches, mediaTypeCovers, multipartFields, parseMediaType } from '../../lib/contract/media-type.js';

const params = (header: string) => Object.fromEntries(parseMediaType(header).parameters);

describe('a request Content-Type, read as WHATWG MIME sniffing reads it', () => {
  it('gives the essence in lower case, around HTTP spaces', () => {
    expect(
      ['application/json', ' \tApplication/JSON\r\n', 'text/plain ;charset=utf-8', 'multipart/form-data; boundary=b'].map(
        (h) => parseMediaType(h).essence,
      ),
    ).toEqual(['application/json', 'application/json', 'text/plain', 'multipart/form-data']);
  });

  it('refuses what is no type/subtype', () => {
    for (const header of ['json', '/json', 'application/', 'appli cation/json', 'application/js on', 'application/json/x', '', ' ; a=b'])
      expect(() => parseMediaType(header), header).toThrow(/Could not parse MIME type string/);
  });

  it('reads parameters: names in lower case, values trimmed and unquoted, the first of a name kept', () => {
    expect(params('multipart/form-data; BOUNDARY=abc')).toEqual({ boundary: 'abc' });
    expect(params('text/plain; charset = utf-8 ')).toEqual({ charset: 'utf-8' });
    expect(params('text/plain;charset= utf-8 ;x=1')).toEqual({ charset: 'utf-8', x: '1' });
    expect(params('text/plain; charset="utf-8"')).toEqual({ charset: 'utf-8' });
    expect(params('text/plain; q="a\\"b\\\\c"')).toEqual({ q: 'a"b\\c' });
    expect(params('text/plain; q="abc')).toEqual({ q: 'abc' });
    expect(params('text/plain; q="')).toEqual({});
    expect(params('text/plain; charset=a; charset=b')).toEqual({ charset: 'a' });
  });

  it('skips a parameter with no "=", no name, an invalid name or an empty value', () => {
    expect(params('text/plain; flag; a=1')).toEqual({ a: '1' });
    expect(params('text/plain; =x; b=2')).toEqual({ b: '2' });
    expect(params('text/plain; c@d=x; e=3')).toEqual({ e: '3' });
    expect(params('text/plain; empty=; f=4')).toEqual({ f: '4' });
    expect(params('text/plain; empty=""; g=5')).toEqual({ g: '5' });
    expect(params('text/plain')).toEqual({});
  });
});

describe('a declared media type covering the one sent', () => {
  it('compares type and subtype, a +suffix counting as the subtype, * as a wildcard', () => {
    const covers = (actual: string, declared: string) => mediaTypeCovers(actual, declared);
    expect(covers('application/json', 'application/json')).toBe(true);
    expect(covers('Application/JSON; charset=utf-8', 'application/json')).toBe(true);
    expect(covers('application/vnd.api+json', 'application/json')).toBe(true);
    expect(covers('application/json', '*/*')).toBe(true);
    expect(covers('text/plain', 'text/*')).toBe(true);
    expect(covers('image/png', '*/png')).toBe(true);
    expect(covers('text/json', 'application/json')).toBe(false);
    expect(covers('application/xml', 'application/json')).toBe(false);
    expect(covers('application/json', 'text/*')).toBe(false);
    expect(covers('text/plain', 'application/*')).toBe(false);
  });

  it('reads the type before the parameters around spaces, as the header carries it', () => {
    expect(mediaTypeCovers('application/json ; charset=utf-8', 'application/json')).toBe(true);
    expect(mediaTypeCovers(' image/png', 'image/*')).toBe(true);
    expect(mediaTypeCovers('application/json', ' application/json ;q=1')).toBe(true);
  });

  it('covers nothing that is no media type', () => {
    for (const actual of ['json', 'application/', '/json', 'a b/json', 'application/js on'])
      expect(mediaTypeCovers(actual, '*/*'), actual).toBe(false);
    expect(mediaTypeCovers('application/json', 'json')).toBe(false);
  });

  it('headerMediaType gives the type of a header (the first of a repeated one), lower case, without parameters', () => {
    expect(headerMediaType('Application/JSON; charset=utf-8')).toBe('application/json');
    expect(headerMediaType(' text/plain ')).toBe('text/plain');
    expect(headerMediaType(['image/png', 'text/plain'])).toBe('image/png');
    expect(headerMediaType(undefined)).toBe('');
    expect(headerMediaType(null)).toBe('');
  });

  it('mediaMatches: a declared type admits itself, its wildcard subtype, or anything for */*', () => {
    expect(mediaMatches('application/json', 'application/json')).toBe(true);
    expect(mediaMatches('*/*', 'video/mp4')).toBe(true);
    expect(mediaMatches('image/*', 'image/png')).toBe(true);
    expect(mediaMatches('image/*', 'imagex/png')).toBe(false);
    expect(mediaMatches('image/*', 'text/plain')).toBe(false);
    expect(mediaMatches('image/png', 'image/jpeg')).toBe(false);
    expect(mediaMatches('image/png', 'image/png2')).toBe(false);
  });
});

describe('the fields of a multipart/form-data body', () => {
  const part = (disposition: string, value: string, extra = '') => `Content-Disposition: ${disposition}\r\n${extra}\r\n${value}`;
  const body = (...parts: string[]) => `--b\r\n${parts.join('\r\n--b\r\n')}\r\n--b--\r\n`;

  it('reads each named part, every value of a repeated name kept in order', () => {
    expect(
      multipartFields(body(part('form-data; name="a"', '1'), part('form-data; name="b"', 'x\r\ny'), part('form-data; name="a"', '2')), 'b'),
    ).toEqual({
      a: ['1', '2'],
      b: 'x\r\ny',
    });
  });

  it('reads the name, not the filename, whatever the header case and order', () => {
    const text = body(`content-disposition: form-data; filename="f.txt"; name="file"\r\nContent-Type: text/plain\r\n\r\nhello`);
    expect(multipartFields(text, 'b')).toEqual({ file: 'hello' });
    expect(multipartFields(body(part('form-data; name="a"', '1', 'Content-Type: text/plain\r\n')), 'b')).toEqual({ a: '1' });
  });

  it('drops the preamble, stops at the closing delimiter, and skips parts without a name or a header block', () => {
    const text = `xyz\r\n${part('form-data; name="pre"', '0')}\r\n--b\r\n${part('form-data; name="a"', '1')}\r\n--b\r\nno header block\r\n--b\r\n${part('form-data', '2')}\r\n--b--\r\n--b\r\n${part('form-data; name="late"', '3')}`;
    expect(multipartFields(text, 'b')).toEqual({ a: '1' });
    expect(multipartFields(`not multipart at all name="x"\r\n\r\nv`, 'b')).toEqual({});
    expect(multipartFields(`--b\r\nContent-Type: text/plain\r\n\r\nv\r\n--b--`, 'b')).toEqual({});
  });

  it('reads nothing after the closing delimiter, even text that looks like a part', () => {
    const text = `${body(part('form-data; name="a"', '1'))}${part('form-data; name="epilogue"', '2')}`;
    expect(multipartFields(text, 'b')).toEqual({ a: '1' });
    expect(multipartFields(`--b\r\n${part('form-data; name="a"', '1')}\r\n--b--${part('form-data; name="late"', '3')}`, 'b')).toEqual({
      a: '1',
    });
  });

  it('names a part by its own header block only: not by the delimiter line, its body or a look-alike header', () => {
    const delimiterLine = `--bxxContent-Disposition: form-data; name="x"\r\nContent-Type: text/plain\r\n\r\nv\r\n--b--`;
    expect(multipartFields(delimiterLine, 'b')).toEqual({});
    const inBody = body(`Content-Type: text/plain\r\n\r\nContent-Disposition: form-data; name="y"`);
    expect(multipartFields(inBody, 'b')).toEqual({});
    const lookAlike = body(`X-Original-Content-Disposition: form-data; name="z"\r\n\r\n1`);
    expect(multipartFields(lookAlike, 'b')).toEqual({});
  });

  it('skips a part whose header block never ends', () => {
    const text = `--b\r\nContent-Disposition: form-data; name="x"\r\nContent-Type: text/plain\r\n--b\r\n${part('form-data; name="a"', '1')}\r\n--b--`;
    expect(multipartFields(text, 'b')).toEqual({ a: '1' });
  });
});
