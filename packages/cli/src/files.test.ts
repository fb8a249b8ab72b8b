import { describe, expect, it } from 'vitest'
import {
  jsonFault,
  jsonFaultText,
  jsonLineFaultText,
  parseJsonFile,
  readError,
  systemReason,
  writeError,
} from './files.ts'

describe('the system refusals in the reader language', () => {
  it('names the file and the reason, never the system English text', () => {
    const eisdir = Object.assign(new Error('EISDIR: illegal operation on a directory, read'), { code: 'EISDIR' })
    expect(readError('dane', eisdir).text('pl')).toBe('nie można odczytać dane: to katalog, a nie plik')
    expect(readError('dane', eisdir).text('en')).toBe('cannot read dane: it is a directory, not a file')
    const eacces = { code: 'EACCES', message: "EACCES: permission denied, open 'x'" }
    expect(readError('x.json', eacces).text('pl')).toBe('nie można odczytać x.json: brak uprawnień')
    expect(readError('x.json', eacces).text('en')).toBe('cannot read x.json: permission denied')
    expect(readError('x.json', { code: 'ENOENT' }).text('pl')).toBe('nie można odczytać x.json: nie ma takiego pliku')
    // Writing, ENOENT means the directory is missing.
    expect(writeError('a/b.csv', { code: 'ENOENT' }).text('pl')).toBe(
      'nie można zapisać a/b.csv: nie ma takiego katalogu',
    )
    expect(writeError('a.csv', { code: 'ENOSPC' }).text('en')).toBe('cannot write a.csv: no space left on the disk')
    expect(writeError('a.csv', { code: 'ENOSPC' }).exitCode).toBe(1)
    // A code the CLI does not explain is named by its code.
    expect(systemReason('pl', { code: 'EXDEV' })).toBe('błąd systemu EXDEV')
  })
})

describe('where a text stops being JSON', () => {
  it('finds the first fault of every kind the parser refuses', () => {
    for (const text of [
      '{"a": x}',
      'hello',
      '{"a":1}}',
      '{"a":\n1,',
      '',
      '  ',
      '{"a":"b\u0001"}',
      '[1,]',
      'nul',
      '01',
      '"\\q"',
      '{"a" 1}',
      '-',
    ]) {
      expect(() => JSON.parse(text)).toThrow()
      expect(jsonFault(text)).not.toBeNull()
    }
    for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, true, false, null, "\\u00e9\\n"]} ', '0', '"x"'])
      expect(jsonFault(text)).toBeNull()
    expect(jsonFault('{"a": x}')).toEqual({ offset: 6, found: 'x' })
    expect(jsonFault('{"a":1}}')).toEqual({ offset: 7, found: '}' })
    expect(jsonFault('[1,]')).toEqual({ offset: 3, found: ']' })
    expect(jsonFault('{"a":')).toEqual({ offset: 5, found: null })
  })

  it('says it with the line and column in Polish and English', () => {
    const text = '{\n  "company": {\n    "nip": tru\n  }\n}'
    expect(jsonFaultText('pl', text)).toBe('wiersz 3, kolumna 15: nieoczekiwany znak U+000A')
    expect(jsonFaultText('en', '{"company": {')).toBe('line 1, column 14: the text ends too early')
    expect(jsonFaultText('pl', '{"company": {')).toBe('wiersz 1, kolumna 14: tekst urywa się przedwcześnie')
    expect(jsonLineFaultText('pl', '{"a": x}')).toBe('kolumna 7: nieoczekiwany znak "x"')
  })

  it('parses a file with a byte order mark, and refuses one that is not JSON naming it', () => {
    expect(parseJsonFile('a.json', '\uFEFF{"a":1}')).toEqual({ a: 1 })
    try {
      parseJsonFile('a.json', '{"a":1,}')
      expect.unreachable()
    } catch (e) {
      const err = e as { text: (lang: 'pl' | 'en') => string; exitCode: number }
      expect(err.text('pl')).toBe('a.json: to nie jest poprawny JSON (wiersz 1, kolumna 8: nieoczekiwany znak "}")')
      expect(err.text('en')).toBe('a.json: not valid JSON (line 1, column 8: unexpected character "}")')
      expect(err.exitCode).toBe(1)
    }
  })
})
