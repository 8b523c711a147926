import { describe, expect, it } from '@jest/globals';
import { MAX_RESULT_FILE_BYTES, parseResultFile } from './index.js';
import { fixture, refusalOf } from './result-files.spec-support.js';

/** The ACC race sample's text, without its byte-order mark. */
const accRaceText = () => fixture('acc-race.utf16le.json').subarray(2).toString('utf16le');
const failureOf = (bytes: Buffer, fileName = 'upload.json') => refusalOf(bytes, fileName);

describe('parseResultFile: the file, its encoding and its game', () => {
  it('reads ACC JSON in UTF-16LE with or without a byte-order mark, UTF-16BE with one, and UTF-8 with or without one', () => {
    const expected = parseResultFile(fixture('acc-race.utf16le.json'), 'race.json');
    const text = accRaceText();
    const encodings = {
      'UTF-16LE, no BOM': Buffer.from(text, 'utf16le'),
      'UTF-16BE, BOM': Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      'UTF-8, no BOM': Buffer.from(text, 'utf8'),
      'UTF-8, BOM': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]),
    };
    for (const [encoding, bytes] of Object.entries(encodings)) expect([encoding, parseResultFile(bytes, 'race.json')]).toEqual([encoding, expected]);
    expect(expected.lines[1].driver.name).toBe('Jörg Schäfer');
  });

  it('reads bytes that are not UTF-8 in a UTF-8 file as Windows-1252, keeping the valid UTF-8 around them', () => {
    const xml = (name: Buffer) =>
      Buffer.concat([
        Buffer.from('<rFactorXML><RaceResults><Race><Driver><Name>'),
        name,
        Buffer.from('</Name><Position>1</Position><Laps>3</Laps><FinishStatus>Finished Normally</FinishStatus></Driver></Race></RaceResults></rFactorXML>'),
      ]);
    // "Gérard" with a Latin-1 é, "Jürgen 🏁 ✓" in UTF-8, a Windows-1252 € (0x80), a lone lead byte (0xC3) and a cut 4-byte sequence.
    const mixed = Buffer.concat([Buffer.from('G\xe9rard J', 'latin1'), Buffer.from('ürgen 🏁 ✓', 'utf8'), Buffer.from([0x20, 0x80, 0x20, 0xc3, 0x20, 0x41, 0xf0, 0x9f])]);
    expect(parseResultFile(xml(mixed), 'Race.xml').lines[0].driver.name).toBe('Gérard Jürgen 🏁 ✓ € Ã AðŸ');
  });

  it('tells the game from the content, whatever the file is called', () => {
    expect(parseResultFile(fixture('acc-qualifying.utf8.json'), 'upload').format).toBe('ACC');
    expect(parseResultFile(fixture('ac-race.json'), 'results.txt').format).toBe('AC');
    expect(parseResultFile(fixture('rf2-race.xml'), 'race.json').format).toBe('RF2');
    expect(parseResultFile(fixture('lmu-race.xml'), 'race.xml')).toMatchObject({ format: 'LMU', gameName: 'Le Mans Ultimate' });
    expect(parseResultFile(fixture('rf2-doctype-entity.xml'), 'race.xml')).toMatchObject({ format: 'RF2', gameName: 'rFactor 2' });
  });

  it('refuses an empty file', () => {
    expect(failureOf(fixture('empty.json'))).toBe('The file is empty');
    expect(failureOf(Buffer.from(' \r\n\t '))).toBe('The file is empty');
  });

  it('refuses binary garbage as not a text file, hinting at the extension', () => {
    expect(failureOf(fixture('garbage.bin'), 'screenshot.bin')).toBe(
      'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: it is not a text file (server results are .json or .xml files; this is a .bin file)',
    );
    expect(failureOf(Buffer.from([0x7b, 0x22, 0x61, 0x00, 0x00, 0x00]), 'x.json')).toBe(
      'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: it is not a text file',
    );
  });

  it('refuses text that is neither JSON nor XML, and JSON of another shape', () => {
    expect(failureOf(Buffer.from('Pos,Driver,Laps\n1,Max,20\n'), 'results.csv')).toBe(
      'Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file (server results are .json or .xml files; this is a .csv file)',
    );
    expect(failureOf(Buffer.from('[1, 2, 3]'))).toBe('Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file');
    expect(failureOf(Buffer.from('{"name": "paddock", "version": "1.0.0"}'))).toBe(
      "Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: the JSON has none of ACC's (sessionResult) or Assetto Corsa's (Result) fields",
    );
  });

  it('refuses truncated JSON, saying it looks cut short', () => {
    expect(failureOf(fixture('acc-race-truncated.json'))).toMatch(/^The file is not valid JSON \(.+\) — the file looks cut short$/);
    expect(failureOf(Buffer.from('{"sessionType": "R",, "trackName": "monza"}'))).toMatch(/^The file is not valid JSON \(.+\)$/);
  });

  it('refuses files over 20 MB before reading them, saying the limit', () => {
    expect(MAX_RESULT_FILE_BYTES).toBe(20 * 1024 * 1024);
    const oversized = Buffer.alloc(MAX_RESULT_FILE_BYTES + 1, 0x20);
    oversized[0] = 0x7b;
    expect(failureOf(oversized)).toBe('The file is 20.1 MB; a result file is at most 20 MB');
    expect(parseResultFile(Buffer.concat([fixture('ac-race.json'), Buffer.alloc(MAX_RESULT_FILE_BYTES - fixture('ac-race.json').length, 0x20)]), 'race.json').format).toBe(
      'AC',
    );
  });

  it('refuses deeply nested JSON, counting brackets outside strings only', () => {
    const deep = `{"sessionResult": ${'['.repeat(40)}${']'.repeat(40)}}`;
    expect(failureOf(Buffer.from(deep))).toBe('Not an ACC, Assetto Corsa, rFactor 2 or Le Mans Ultimate result file: the JSON is nested more than 32 levels deep');
    const bracketsInText = accRaceText().replace('"serverName": "', `"serverName": "${'{['.repeat(40)}\\"`);
    expect(parseResultFile(Buffer.from(bracketsInText), 'race.json').lines).toHaveLength(6);
  });
});
