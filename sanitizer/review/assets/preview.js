/* The sanitized text of a reviewed document, as the review page previews it: the twin of
   data.reviewed_text (and data.reviewed_replacements) in Python (redaction.Placeholders and redaction.apply_replacements),
   so that `sanitize --decisions` writes exactly what the page showed (the browser tests
   compare the two on random decisions). Offsets are the spans' UTF-16 ones (s16, e16):
   the characters compared (space, line break, punctuation) are the same in code points. */
const icPreview = (function () {
  "use strict";

  /* replacements: [start, end, text] in order, never overlapping. */
  function applyReplacements(text, replacements) {
    const pieces = [];
    let cursor = 0;
    replacements.forEach(function (r) {
      let before = text.slice(cursor, r[0]);
      let end = r[1];
      if (r[2] === "") {
        // A deletion must not leave a doubled space, a space before punctuation, or a space opening a line.
        const following = text.slice(end, end + 1);
        const atLineStart = r[0] === 0 || text[r[0] - 1] === "\n";
        if (before.endsWith(" ") && " .,;:!?)".includes(following)) {
          before = before.slice(0, -1);
        } else if (atLineStart && following === " ") {
          end += 1;
        }
      }
      pieces.push(before, r[2]);
      cursor = end;
    });
    pieces.push(text.slice(cursor));
    return pieces.join("");
  }

  /* spans: {masked, tool, s16, e16, value} in text order; entityOf(span) its entity; labels:
     Map entity -> label. Tag mode numbers one placeholder per entity, per label, in order of
     first appearance; generalize mode numbers alike and writes a span's generalization
     (value) unless it holds a text the reviewer masked and the sanitizer had kept. */
  function sanitizedText(text, spans, entityOf, labels, mode, marker) {
    const placeholders = new Map();
    const perLabel = new Map();
    const replacements = [];
    const generalize = mode === "generalize";
    const added = spans.filter(function (s) { return generalize && s.masked && !s.tool; })
      .map(function (s) { return text.slice(s.s16, s.e16).toLowerCase(); });
    spans.forEach(function (span) {
      if (!span.masked) return;
      let replacement = mode === "suppress" ? "" : marker;
      if (mode === "tag" || generalize) {
        const entity = entityOf(span);
        if (!placeholders.has(entity)) {
          const label = labels.get(entity);
          perLabel.set(label, (perLabel.get(label) || 0) + 1);
          placeholders.set(entity, "[" + label + "-" + perLabel.get(label) + "]");
        }
        replacement = placeholders.get(entity);
        const value = span.value;
        if (value !== null && value !== undefined &&
            !added.some(function (t) { return value.toLowerCase().includes(t); })) {
          replacement = value;
        }
      }
      replacements.push([span.s16, span.e16, replacement]);
    });
    return applyReplacements(text, replacements);
  }

  return { applyReplacements: applyReplacements, sanitizedText: sanitizedText };
})();
