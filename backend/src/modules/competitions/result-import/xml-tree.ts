/**
 * A strict, small XML reader for result files: saxes checks well-formedness and expands only the
 * predefined and numeric entities; a DOCTYPE (where entity bombs live, and which HTML pages have) is
 * refused outright, as are documents nested or sized beyond any real result file.
 */
import { SaxesParser } from 'saxes';
import { ResultFileError } from './classification.js';

export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 32;
const MAX_ELEMENTS = 100_000;

export function parseXml(text: string, label: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  const refuse = (problem: string) => new ResultFileError(`${label} is malformed at line ${parser.line}: ${problem}`);

  parser.on('doctype', () => {
    throw new ResultFileError('Not an ACC, Assetto Corsa or rFactor 2 result file: the XML has a DOCTYPE, which result files never have');
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH) throw new ResultFileError(`${label} is nested more than ${MAX_DEPTH} levels deep: not a result file`);
    if (++elements > MAX_ELEMENTS) throw new ResultFileError(`${label} has more than ${MAX_ELEMENTS} elements: not a result file`);
    const element: XmlElement = { name: tag.name, children: [], text: '' };
    const parent = stack.at(-1);
    if (parent) parent.children.push(element);
    else root = element;
    stack.push(element);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  const addText = (chunk: string) => {
    const current = stack.at(-1);
    if (current) current.text += chunk;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);

  try {
    parser.write(text).close();
  } catch (error) {
    if (error instanceof ResultFileError) throw error;
    // saxes says "line:column: problem."
    const problem = error instanceof Error ? error.message.replace(/^\d+:\d+: /, '').replace(/\.$/, '') : String(error);
    throw refuse(problem);
  }
  if (!root) throw refuse('the document has no root element');
  return root;
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

export function childText(element: XmlElement, name: string): string | null {
  const found = child(element, name);
  return found ? found.text.trim() : null;
}
