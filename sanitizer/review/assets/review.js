/* The review page's script: renders the documents from the embedded JSON, lets a reviewer
   accept (mask) or decline (keep) each candidate with the keyboard, previews the sanitized
   text, and exports the decisions. No network: nothing here fetches, and the page's
   Content-Security-Policy forbids it. Document text only ever enters the page as text
   nodes (textContent), never as markup. */
(function () {
  "use strict";

  const data = JSON.parse(document.getElementById("review-data").textContent);
  const RULES = {
    always: "always (the policy masks this kind)", ic: "ic (S1: IC against the kind's β)",
    never: "never (the policy keeps this kind)", allow: "allow list", deny: "deny list",
    pmi: "pmi (S2: discloses a sensitive term)", entity: "entity (another name of a masked entity)",
    gloss: "gloss (a translation in brackets, decided as the term it follows)",
    requested: "requested (a term the user asked to hide)",
    "hidden-category": "hidden category (a special category of data the run hides)",
    learned: "learned (S1: the policy's model, its score in bits against the kind's β)",
  };

  const docs = data.documents.map(function (raw, docIndex) {
    const doc = {
      index: docIndex, input: raw.input, sha256: raw.sha256, text: raw.text, terms: raw.terms,
      labels: new Map(Object.entries(raw.labels)), spans: [], previewEl: null, statsEl: null,
    };
    doc.spans = raw.spans.map(function (s, spanIndex) {
      return { doc: doc, index: spanIndex, start: s[0], end: s[1], s16: s[2], e16: s[3], term: s[4],
               tool: s[5] === 1, masked: s[5] === 1, value: s[6], reviewed: false, el: null, flat: 0 };
    });
    return doc;
  });
  const order = [];
  docs.forEach(function (doc) { doc.spans.forEach(function (span) { span.flat = order.length; order.push(span); }); });
  const shownKinds = new Set(data.kinds);
  const shownDecisions = new Set(["masked", "kept"]);
  let current = null;

  function termOf(span) { return span.doc.terms[span.term]; }
  function element(tag, attributes, text) {
    const node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) { node.setAttribute(name, attributes[name]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function visible(span) {
    return shownKinds.has(termOf(span).kind) && shownDecisions.has(span.masked ? "masked" : "kept");
  }
  function spanClass(span) {
    const term = termOf(span);
    // A term of a special category of data (health, religion, ...) has its own colour, whatever its kind.
    let name = "c k-" + term.kind + (term.category ? " special-category" : "") + (span.masked ? " is-masked" : " is-kept");
    if (span.reviewed) name += " is-reviewed";
    if (!visible(span)) name += " is-off";
    if (span === current) name += " is-current";
    return name;
  }

  function previewText(doc) {
    return icPreview.sanitizedText(doc.text, doc.spans, function (span) { return termOf(span).entity; },
                                   doc.labels, data.mode, data.marker);
  }

  function updateStats(doc) {
    let masked = 0, tool = 0, reviewed = 0;
    doc.spans.forEach(function (s) { masked += s.masked; tool += s.tool; reviewed += s.reviewed; });
    doc.statsEl.textContent = doc.spans.length + " candidates; " + masked + " masked (the sanitizer masked " +
      tool + "); " + reviewed + " reviewed";
  }
  function refresh(doc) {
    doc.previewEl.textContent = previewText(doc);
    updateStats(doc);
  }

  function renderDocument(doc) {
    const section = element("section", { "class": "doc", "aria-labelledby": "doc-title-" + doc.index });
    section.appendChild(element("h2", { id: "doc-title-" + doc.index }, doc.input));
    doc.statsEl = element("p", { "class": "stats" });
    section.appendChild(doc.statsEl);
    const panes = element("div", { "class": "panes" });
    const left = element("div");
    left.appendChild(element("h3", { id: "orig-title-" + doc.index }, "Candidates in the text"));
    const original = element("div", { "class": "text", id: "text-" + doc.index, "aria-labelledby": "orig-title-" + doc.index });
    const fragment = document.createDocumentFragment();
    let cursor = 0;
    doc.spans.forEach(function (span) {
      if (span.s16 > cursor) fragment.appendChild(document.createTextNode(doc.text.slice(cursor, span.s16)));
      const node = document.createElement("span");
      node.textContent = doc.text.slice(span.s16, span.e16);
      node.tabIndex = -1;
      node.setAttribute("role", "button");
      node.dataset.d = doc.index;
      node.dataset.s = span.index;
      span.el = node;
      node.className = spanClass(span);
      fragment.appendChild(node);
      cursor = span.e16;
    });
    fragment.appendChild(document.createTextNode(doc.text.slice(cursor)));
    original.appendChild(fragment);
    left.appendChild(original);
    const right = element("div");
    right.appendChild(element("h3", { id: "preview-title-" + doc.index }, "Preview: the sanitized text"));
    doc.previewEl = element("div", { "class": "preview", id: "preview-" + doc.index, "aria-labelledby": "preview-title-" + doc.index });
    right.appendChild(doc.previewEl);
    panes.appendChild(left);
    panes.appendChild(right);
    section.appendChild(panes);
    refresh(doc);
    return section;
  }

  function describe(span) {
    const term = termOf(span);
    const rows = [["Term", span.doc.text.slice(span.s16, span.e16)], ["Kind", term.kind]];
    if (term.category) rows.push(["Special category", term.category.replace("_", " ")]);
    if (term.source) rows.push(["Found by", term.source.replace(/_/g, " ")]);
    let decision = span.masked ? "masked" : "kept in clear";
    decision += span.reviewed ? " (reviewed; the sanitizer " + (span.tool ? "masked" : "kept") + " it)"
                              : " (the sanitizer's decision, not reviewed)";
    rows.push(["Decision", decision]);
    rows.push(["Rule", RULES[term.rule] || term.rule]);
    rows.push(["Entity", term.entity]);
    const ic = term.information_content === null ? "unseen in the corpus" : term.information_content.toFixed(2) + " bits";
    rows.push(["IC", term.rule === "ic" && term.beta !== null
      ? ic + (term.information_content !== null && term.information_content >= term.beta ? " ≥ " : " < ") + "β " + term.beta.toFixed(2) + " bits" : ic]);
    if (term.learned_bits !== undefined && term.beta !== null) {
      const why = term.top_features.map(function (f) { return f[0] + " " + (f[1] >= 0 ? "+" : "") + f[1]; });
      rows.push(["Model", term.learned_bits.toFixed(2) + " bits" + (term.learned_bits >= term.beta ? " ≥ " : " < ")
        + "β " + term.beta.toFixed(2) + " bits; most weight: " + why.join(", ")]);
    }
    if (term.pmi !== null) {
      rows.push(["PMI", term.pmi.toFixed(2) + " bits with “" + term.related_to + "” (τ " + data.tau.toFixed(2) + ")"]);
    }
    return rows;
  }
  function fill(container, rows) {
    const list = element("dl");
    rows.forEach(function (row) {
      const pair = element("div");
      pair.appendChild(element("dt", {}, row[0]));
      pair.appendChild(element("dd", {}, row[1]));
      list.appendChild(pair);
    });
    container.replaceChildren(list);
  }
  const tip = document.getElementById("tip");
  function showTip(span) {
    fill(tip, describe(span));
    tip.hidden = false;
    tip.style.left = "0px";  // measured unconstrained, then placed under the candidate
    const rect = span.el.getBoundingClientRect();
    const left = Math.max(4, Math.min(rect.left, window.innerWidth - tip.offsetWidth - 4));
    tip.style.left = (left + window.scrollX) + "px";
    tip.style.top = (rect.bottom + window.scrollY + 6) + "px";
  }
  function hideTip() { tip.hidden = true; }

  function setCurrent(span) {
    if (current) {
      current.el.tabIndex = -1;
      current.el.removeAttribute("aria-describedby");
      const previous = current;
      current = null;
      previous.el.className = spanClass(previous);
    }
    current = span;
    span.el.tabIndex = 0;
    span.el.setAttribute("aria-describedby", "tip");
    span.el.className = spanClass(span);
    span.el.focus({ preventScroll: true });
    const rect = span.el.getBoundingClientRect();
    const top = document.querySelector(".toolbar").getBoundingClientRect().bottom;
    const bottom = document.getElementById("details").getBoundingClientRect().top;
    if (rect.top < top || rect.bottom > bottom) span.el.scrollIntoView({ block: "center" });
    fill(document.getElementById("details-body"), describe(span));
    showTip(span);
  }
  function move(step) {
    let index = current ? current.flat + step : (step > 0 ? 0 : order.length - 1);
    for (; index >= 0 && index < order.length; index += step) {
      if (visible(order[index])) { setCurrent(order[index]); return; }
    }
    say(step > 0 ? "No further candidate." : "No earlier candidate.");
  }
  function say(message) { document.getElementById("status").textContent = message; }

  function decide(span, masked) {
    span.masked = masked;
    span.reviewed = true;
    span.el.className = spanClass(span);
  }
  function decideCurrent(masked) {
    if (!current) { say("Select a candidate first (n)."); return; }
    decide(current, masked);
    refresh(current.doc);
    setCurrent(current);
    say((masked ? "Accepted: masked. " : "Declined: kept in clear. ") + current.doc.input);
  }
  function applyToEntity() {
    if (!current) { say("Select a candidate first (n)."); return; }
    const entity = termOf(current).entity;
    let count = 0;
    current.doc.spans.forEach(function (span) {
      if (termOf(span).entity === entity) { decide(span, current.masked); count += 1; }
    });
    refresh(current.doc);
    setCurrent(current);
    say((current.masked ? "Masked " : "Kept ") + count + " occurrence(s) of this entity.");
  }

  function exportText() {
    return JSON.stringify({
      schema: data.decisions_schema, schema_version: data.decisions_schema_version,
      warning: data.decisions_warning, settings: data.settings,
      documents: docs.map(function (doc) {
        return { input: doc.input, sha256: doc.sha256, spans: doc.spans.map(function (span) {
          const term = termOf(span);
          return { start: span.start, end: span.end, key: term.key, entity: term.entity, kind: term.kind,
                   tool: span.tool ? "masked" : "kept", decision: span.masked ? "accept" : "decline",
                   reviewed: span.reviewed };
        }) };
      }),
    }, null, 1);
  }
  function exportDecisions() {
    const url = URL.createObjectURL(new Blob([exportText()], { type: "application/json" }));
    const link = element("a", { href: url, download: "decisions.json" });
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(function () { URL.revokeObjectURL(url); }, 60000);
    say("Decisions exported as decisions.json: it holds the sensitive terms in clear; keep it private.");
  }

  function filterBox(container, value, label, set) {
    const box = element("input", { type: "checkbox", value: value });
    box.checked = true;
    box.addEventListener("change", function () {
      if (box.checked) set.add(value); else set.delete(value);
      order.forEach(function (span) { span.el.className = spanClass(span); });
    });
    const wrapper = element("label");
    wrapper.appendChild(box);
    wrapper.appendChild(document.createTextNode(label));
    container.appendChild(wrapper);
  }
  function buildFilters() {
    const counts = new Map();
    order.forEach(function (span) { const kind = termOf(span).kind; counts.set(kind, (counts.get(kind) || 0) + 1); });
    const kinds = document.getElementById("kind-filter");
    data.kinds.forEach(function (kind) {
      if (counts.has(kind)) filterBox(kinds, kind, kind.replace("_", " ") + " (" + counts.get(kind) + ")", shownKinds);
    });
    const decisions = document.getElementById("decision-filter");
    filterBox(decisions, "masked", "masked", shownDecisions);
    filterBox(decisions, "kept", "kept", shownDecisions);
  }

  function spanOf(node) {
    const found = node instanceof Element ? node.closest(".c") : null;
    if (!found || found.dataset.s === undefined) return null;
    return docs[Number(found.dataset.d)].spans[Number(found.dataset.s)];
  }
  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const onCandidate = current !== null && event.target === current.el;
    switch (event.key) {
      case "n": case "j": move(1); break;
      case "p": case "k": move(-1); break;
      case "ArrowRight": case "ArrowDown": if (!onCandidate) return; move(1); break;
      case "ArrowLeft": case "ArrowUp": if (!onCandidate) return; move(-1); break;
      case "a": decideCurrent(true); break;
      case "d": decideCurrent(false); break;
      case " ": case "Enter": if (!onCandidate) return; decideCurrent(!current.masked); break;
      case "e": applyToEntity(); break;
      case "x": exportDecisions(); break;
      case "Escape": hideTip(); break;
      default: return;
    }
    event.preventDefault();
  }

  const main = document.getElementById("documents");
  const fragment = document.createDocumentFragment();
  docs.forEach(function (doc) { fragment.appendChild(renderDocument(doc)); });
  main.appendChild(fragment);
  if (order.length) order[0].el.tabIndex = 0;
  buildFilters();
  document.addEventListener("keydown", onKey);
  main.addEventListener("mouseover", function (event) { const span = spanOf(event.target); if (span && visible(span)) showTip(span); });
  main.addEventListener("mouseout", function (event) { if (spanOf(event.target)) { if (current) showTip(current); else hideTip(); } });
  main.addEventListener("click", function (event) { const span = spanOf(event.target); if (span) setCurrent(span); });
  main.addEventListener("focusin", function (event) { const span = spanOf(event.target); if (span && span !== current) setCurrent(span); });
  document.getElementById("accept").addEventListener("click", function () { decideCurrent(true); });
  document.getElementById("decline").addEventListener("click", function () { decideCurrent(false); });
  document.getElementById("entity").addEventListener("click", applyToEntity);
  document.getElementById("export").addEventListener("click", exportDecisions);
  window.addEventListener("resize", function () {
    if (!current) return;
    current.el.scrollIntoView({ block: "center" });
    if (!tip.hidden) showTip(current);
  });

  /* For tests and scripts driving the page: read what a reviewer would export or read. */
  window.icReview = {
    exportText: exportText,
    previewText: function (index) { return previewText(docs[index]); },
    decide: function (docIndex, spanIndex, masked) { decide(docs[docIndex].spans[spanIndex], masked); refresh(docs[docIndex]); },
  };
  performance.mark("review-ready");
  // The first frame after building: what benchmarks/review_page.py times as rendered.
  requestAnimationFrame(function () { setTimeout(function () { performance.mark("review-painted"); }, 0); });
  document.documentElement.dataset.ready = "true";
})();
