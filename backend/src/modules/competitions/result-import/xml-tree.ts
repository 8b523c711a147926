/**
 * A strict, small XML reader for result files: saxes checks well-formedness. A DOCTYPE may declare simple
 * internal entities (rFactor 2 and Le Mans Ultimate write `<!ENTITY rFEnt "rFactor Entity">`): their plain
 * text values are expanded once, never into other entities (so no entity bomb), and a DOCTYPE that points
 * at an external file or declares anything else is refused. Documents nested or sized beyond any real
 * result file are refused too.
 */
import { SaxesParser } from 'saxes';
import { NOT_A_RESULT, ResultFileError } from './classification.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const MAX_DEPTH = 32;
const MAX_ELEMENTS = 100_000;
const MAX_ENTITIES = 20;
const PREDEFINED_ENTITIES = new Set(['amp', 'lt', 'gt', 'quot', 'apos']);
const MAX_ENTITY_LENGTH = 200;
/** All entity references together may add at most this much text to the document. */
const MAX_ENTITY_EXPANSION = 1024 * 1024;

export function parseXml(text: string, label: string): XmlElement {
  const parser = new SaxesParser();
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let elements = 0;
  const refuse = (problem: string) => new ResultFileError(`${label} is malformed at line ${parser.line}: ${problem}`);

  parser.on('doctype', (doctype) => {
    const entities = internalEntities(doctype, label);
    checkExpansion(text, entities, label);
    Object.assign(parser.ENTITIES, entities);
  });
  parser.on('opentag', (tag) => {
    if (stack.length >= MAX_DEPTH) throw new ResultFileError(`${label} is nested more than ${MAX_DEPTH} levels deep: not a result file`);
    if (++elements > MAX_ELEMENTS) throw new ResultFileError(`${label} has more than ${MAX_ELEMENTS} elements: not a result file`);
    const element: XmlElement = { name: tag.name, attributes: { ...tag.attributes }, children: [], text: '' };
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

/**
 * The entities a DOCTYPE declares, from its internal subset: `<!ENTITY name "plain text">` only (comments
 * allowed). External DTDs or entities (SYSTEM, PUBLIC), parameter entities, values that refer to other
 * entities or hold markup, and any other declaration are refused.
 */
function internalEntities(doctype: string, label: string): Record<string, string> {
  const refuse = (problem: string) => new ResultFileError(`${NOT_A_RESULT}: ${label} has a DOCTYPE ${problem}`);
  const match = /^\s*[\w.:-]+\s*(?:\[([\s\S]*)\])?\s*$/.exec(doctype);
  if (!match) {
    if (/\b(SYSTEM|PUBLIC)\b/.test(doctype)) throw refuse('that points at an external file (SYSTEM or PUBLIC), which is never fetched');
    throw refuse('that result files never have');
  }
  const entities: Record<string, string> = {};
  let subset = (match[1] ?? '').replace(/<!--[\s\S]*?-->/g, '');
  const declaration = /^\s*<!ENTITY\s+([A-Za-z_][\w.-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/;
  for (let found = declaration.exec(subset); found; found = declaration.exec(subset)) {
    const [whole, name, doubleQuoted, singleQuoted] = found;
    const value = doubleQuoted ?? singleQuoted ?? '';
    if (/[&%<]/.test(value)) throw refuse(`whose entity "${name}" refers to other entities or holds markup, which is never expanded`);
    if (value.length > MAX_ENTITY_LENGTH) throw refuse(`whose entity "${name}" is longer than ${MAX_ENTITY_LENGTH} characters`);
    if (Object.keys(entities).length >= MAX_ENTITIES) throw refuse(`that declares more than ${MAX_ENTITIES} entities`);
    // The five predefined entities keep their meaning whatever a DOCTYPE says.
    if (!PREDEFINED_ENTITIES.has(name)) entities[name] = value;
    subset = subset.slice(whole.length);
  }
  if (subset.trim() !== '') {
    if (/\b(SYSTEM|PUBLIC)\b/.test(subset)) throw refuse('that points at an external file (SYSTEM or PUBLIC), which is never fetched');
    throw refuse('with declarations other than simple entities, which result files never have');
  }
  return entities;
}

/** Refuses a document whose entity references would add more text than a real file holds. */
function checkExpansion(text: string, entities: Record<string, string>, label: string): void {
  let added = 0;
  for (const [name, value] of Object.entries(entities)) {
    if (value.length === 0) continue;
    const uses = text.split(`&${name};`).length - 1;
    added += uses * value.length;
    if (added > MAX_ENTITY_EXPANSION) throw new ResultFileError(`${NOT_A_RESULT}: ${label} uses its DOCTYPE's entities to grow beyond any result file`);
  }
}

export function child(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((candidate) => candidate.name === name);
}

export function children(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((candidate) => candidate.name === name);
}

export function childText(element: XmlElement, name: string): string | null {
  const found = child(element, name);
  return found ? found.text.trim() : null;
}
