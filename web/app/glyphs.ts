// Kanji that common fonts lack, drawn from their parts. The howling dog's 𠵇 (U+2074F, 口 +
// 奇, CJK extension B) is in none of the fonts a browser usually has, and a missing glyph
// shows as an empty box; its two parts are in every CJK font, so the board draws them side by
// side in one character cell, the radical narrow on the left as in the printed character.

/** The parts of a character drawn from parts: [left radical, right part]. */
const COMPOSED: ReadonlyMap<string, [string, string]> = new Map([["𠵇", ["口", "奇"]]]);

/** Share of the cell's width the left radical takes. */
const LEFT_SHARE = 0.4;

export function composedParts(c: string): [string, string] | undefined {
  return COMPOSED.get(c);
}

/** SVG text elements for character `c` centred at (x, y) in a cell `size` wide: one element,
 * or two squeezed into the cell for a composed character. */
export function glyphTexts(c: string, x: number, y: number, size: number): SVGTextElement[] {
  const make = (text: string, cx: number, width?: number): SVGTextElement => {
    const t = document.createElementNS("http://www.w3.org/2000/svg", "text");
    t.setAttribute("x", String(cx));
    t.setAttribute("y", String(y));
    t.setAttribute("font-size", String(size));
    if (width !== undefined) {
      t.setAttribute("textLength", String(width));
      t.setAttribute("lengthAdjust", "spacingAndGlyphs");
    }
    t.textContent = text;
    return t;
  };
  const parts = composedParts(c);
  if (!parts) return [make(c, x)];
  const left = size * LEFT_SHARE;
  const right = size - left;
  return [
    make(parts[0], x - size / 2 + left / 2, left),
    make(parts[1], x + size / 2 - right / 2, right),
  ];
}

/** A piece name for HTML text: composed characters as a one-character-wide inline SVG, the
 * rest as text. */
export function kanjiNodes(text: string): Node[] {
  const nodes: Node[] = [];
  let plain = "";
  for (const c of Array.from(text)) {
    if (!composedParts(c)) {
      plain += c;
      continue;
    }
    if (plain) nodes.push(document.createTextNode(plain));
    plain = "";
    const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    svg.setAttribute("viewBox", "0 0 100 100");
    svg.setAttribute("class", "glyph");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", c);
    for (const t of glyphTexts(c, 50, 86, 100)) svg.appendChild(t);
    nodes.push(svg);
  }
  if (plain) nodes.push(document.createTextNode(plain));
  return nodes;
}
