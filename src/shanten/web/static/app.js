// shanten's local page: reads the form (or the page's own URL), asks /api/analyse and draws
// the answer. No framework, no build step, nothing fetched from elsewhere.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const SUITS = "mpsz";
  const NAMES = [];
  for (let s = 0; s < 4; s += 1) {
    for (let n = 1; n <= (s === 3 ? 7 : 9); n += 1) NAMES.push(`${n}${SUITS[s]}`);
  }
  const SANMA_ABSENT = new Set(["2m", "3m", "4m", "5m", "6m", "7m", "8m"]);
  const TRUE = ["1", "true", "yes", "on"];
  const FORMS = {
    standard: "standard form 一般形",
    chiitoitsu: "seven pairs 七対子",
    kokushi: "thirteen orphans 国士無双",
  };
  const SHAPES = {
    tanki: "tanki 単騎",
    shanpon: "shanpon 双碰",
    kanchan: "kanchan 嵌張",
    penchan: "penchan 辺張",
    ryanmen: "ryanmen 両面",
    kokushi: "thirteen orphans 国士単騎",
    kokushi13: "thirteen-sided 国士十三面",
  };

  const $ = (id) => document.getElementById(id);
  const form = $("form");
  const fields = { q: $("q"), melds: $("melds"), visible: $("visible") };
  const players = $("players");
  const rule = $("count_melded_copies");
  const errorBox = $("error");
  const result = $("result");
  const jsonLink = $("json-link");
  const added = []; // tiles added by clicks, for "Remove last": {field, name}
  let requestSeq = 0;

  // ---- DOM helpers -------------------------------------------------------------------

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") node.className = value;
      else if (key === "text") node.textContent = value;
      else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else node.setAttribute(key, value === true ? "" : String(value));
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(typeof child === "string" || typeof child === "number" ? String(child) : child);
    }
    return node;
  }

  function ja(text) {
    return el("span", { lang: "ja", text });
  }

  /** A tile picture: the SVG symbol of the page's sprite. */
  function tile(name) {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 60 80");
    svg.setAttribute("class", "tile");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", name);
    svg.dataset.tile = name;
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", `#tile-${name}`);
    svg.append(use);
    return svg;
  }

  function tileButton(name, title, onclick) {
    return el("button", { type: "button", class: "tile-button", title, "data-tile": name, onclick }, tile(name));
  }

  function tilesInline(names, cls) {
    return el("span", { class: `tiles-inline ${cls || ""}` }, names.map(tile));
  }

  // ---- mpsz text, for the tile buttons (the server judges everything else) -----------

  /** The tiles of a plain mpsz string, or null when it is anything else. */
  function parseMpsz(text) {
    if (!/^(?:[0-9]+[mpsz])*$/.test(text)) return null;
    const tiles = [];
    let pending = [];
    for (const ch of text) {
      if (ch >= "0" && ch <= "9") pending.push(ch === "0" ? "5" : ch);
      else {
        for (const digit of pending) tiles.push(digit + ch);
        pending = [];
      }
    }
    return tiles;
  }

  const order = (name) => SUITS.indexOf(name[1]) * 10 + Number(name[0]);

  function formatMpsz(tiles) {
    const sorted = [...tiles].sort((a, b) => order(a) - order(b));
    let out = "";
    let digits = "";
    let suit = "";
    for (const name of sorted) {
      if (name[1] !== suit) {
        if (digits) out += digits + suit;
        digits = "";
        suit = name[1];
      }
      digits += name[0];
    }
    return digits ? out + digits + suit : out;
  }

  function meldGroups(text) {
    return text.split(",").map((s) => s.trim()).filter(Boolean);
  }

  function addTile(field, name) {
    const input = fields[field];
    const text = input.value.trim();
    if (field === "melds") {
      const groups = meldGroups(text);
      const last = groups.length ? parseMpsz(groups[groups.length - 1]) : null;
      // a meld takes 3 tiles, or a 4th copy of a triplet (kan); then the next one starts
      if (last && (last.length < 3 || (last.length === 3 && last.every((t) => t === name)))) {
        groups[groups.length - 1] = formatMpsz([...last, name]);
      } else {
        groups.push(name);
      }
      input.value = groups.join(",");
    } else {
      const tiles = parseMpsz(text);
      input.value = tiles ? formatMpsz([...tiles, name]) : text + name;
    }
    added.push({ field, name });
  }

  function removeTile(field, name) {
    const input = fields[field];
    const text = input.value.trim();
    if (field === "melds") {
      const groups = meldGroups(text);
      for (let i = groups.length - 1; i >= 0; i -= 1) {
        const tiles = parseMpsz(groups[i]);
        const at = tiles ? tiles.lastIndexOf(name) : -1;
        if (at >= 0) {
          tiles.splice(at, 1);
          groups[i] = formatMpsz(tiles);
          break;
        }
      }
      input.value = groups.filter(Boolean).join(",");
      return;
    }
    const tiles = parseMpsz(text);
    if (tiles) {
      const at = tiles.lastIndexOf(name);
      if (at >= 0) tiles.splice(at, 1);
      input.value = formatMpsz(tiles);
    } else {
      input.value = Array.from(text).slice(0, -1).join("");
    }
  }

  function target() {
    return form.querySelector("input[name=target]:checked").value;
  }

  // ---- the tile buttons ----------------------------------------------------------------

  function buildPalette() {
    const palette = $("palette");
    for (const suit of SUITS) {
      const row = el("div", { class: "palette-row", "data-suit": suit });
      for (const name of NAMES.filter((n) => n[1] === suit)) {
        row.append(tileButton(name, `add ${name}`, () => addTile(target(), name)));
      }
      palette.append(row);
    }
  }

  function updatePalette() {
    for (const button of $("palette").querySelectorAll("button[data-tile]")) {
      button.disabled = players.checked && SANMA_ABSENT.has(button.dataset.tile);
    }
  }

  // ---- the query: form <-> URL ----------------------------------------------------------

  function paramsFromForm() {
    const params = new URLSearchParams();
    params.set("q", fields.q.value.trim());
    if (fields.melds.value.trim()) params.set("melds", fields.melds.value.trim());
    if (players.checked) params.set("players", "3");
    if (rule.checked) params.set("count_melded_copies", "1");
    if (fields.visible.value.trim()) params.set("visible", fields.visible.value.trim());
    return params;
  }

  function formFromParams(params) {
    fields.q.value = params.get("q") || "";
    fields.melds.value = params.get("melds") || "";
    fields.visible.value = params.get("visible") || "";
    players.checked = (params.get("players") || "").trim() === "3";
    rule.checked = TRUE.includes((params.get("count_melded_copies") || "").trim().toLowerCase());
    updatePalette();
  }

  function showError(message) {
    errorBox.textContent = message;
    errorBox.hidden = false;
    result.hidden = true;
    result.replaceChildren();
    document.body.dataset.state = "error";
  }

  async function analyse(push) {
    const params = paramsFromForm();
    if (!params.get("q")) {
      showError("Type a hand (mpsz like 23489m6799p22567s, or Unicode tiles) or click tiles, then Analyse.");
      return;
    }
    const query = params.toString().replace(/%2C/gi, ","); // commas read better in a shared link
    if (push && location.search !== `?${query}`) history.pushState(null, "", `/?${query}`);
    jsonLink.href = `/api/analyse?${query}`;
    jsonLink.textContent = `/api/analyse?${query}`;
    const seq = (requestSeq += 1);
    document.body.dataset.state = "loading";
    let response;
    let data;
    try {
      response = await fetch(`/api/analyse?${query}`, { headers: { Accept: "application/json" } });
      data = await response.json();
    } catch {
      if (seq === requestSeq) showError("No answer from the server: is `shanten serve` still running?");
      return;
    }
    if (seq !== requestSeq) return; // a newer request is on its way
    if (!response.ok) {
      showError(data && data.error ? data.error.message : `The server answered ${response.status}.`);
      return;
    }
    errorBox.hidden = true;
    errorBox.textContent = "";
    render(data);
    document.title = `${data.hand} · shanten 牌理`;
    document.body.dataset.state = "done";
  }

  // ---- drawing the analysis ----------------------------------------------------------

  function levelText(n) {
    if (n === -1) return ["complete ", ja("和了")];
    if (n === 0) return ["ready ", ja("聴牌")];
    return [`${n}-shanten `, ja(`${n}向聴`)];
  }

  function card(id, title, ...children) {
    return el("section", { id, class: "card" }, el("h2", {}, title), children);
  }

  function discardThenAnalyse(name) {
    removeTile("q", name);
    analyse(true);
  }

  function drawThenAnalyse(name) {
    const tiles = parseMpsz(fields.q.value.trim());
    if (tiles) fields.q.value = formatMpsz([...tiles, name]);
    else fields.q.value = fields.q.value.trim() + name;
    analyse(true);
  }

  function summary(data) {
    const s = data.shanten;
    const handView = el(
      "div",
      { class: "hand-view" },
      parseMpsz(data.hand).map((name) => tileButton(name, `discard ${name} (打)`, () => discardThenAnalyse(name))),
      data.melds.map((meld) => el("span", { class: "meld", title: `meld ${meld}` }, parseMpsz(meld).map(tile))),
    );
    const score = (key) => [FORMS[key], " ", el("b", { text: s[key] === null ? "–" : String(s[key]) })];
    const witness = data.witness;
    const rules = [];
    if (data.players === 3) rules.push("3-player 三人麻雀");
    if (data.count_melded_copies) rules.push("copies in melds count");
    if (data.visible) rules.push(`visible ${data.visible}`);
    return card(
      "summary",
      ["Hand ", ja("手牌"), ` · ${data.hand} · ${data.tiles} tiles`, rules.length ? ` · ${rules.join(" · ")}` : ""],
      handView,
      el(
        "div",
        { class: "summary" },
        el("span", { class: `big${s.min <= 0 ? " ready" : ""}`, id: "shanten-min", "data-shanten": s.min }, levelText(s.min)),
        el("span", { class: "forms" }, score("standard"), " · ", score("chiitoitsu"), " · ", score("kokushi")),
      ),
      el(
        "div",
        { class: "witness", id: "witness" },
        el("span", {}, "Witness ", ja("完成形の例"), `, ${FORMS[witness.form]}:`),
        tilesInline(parseMpsz(witness.hand)),
        witness.needed.length
          ? el("span", {}, "needs ", tilesInline(witness.needed, "needed"), ` ${witness.needed.join(" ")}`)
          : el("span", { text: "(the hand itself)" }),
      ),
      el("p", { class: "hint", text: "Click a tile of the hand to discard it (打)." }),
    );
  }

  function tabs(id, views) {
    const bar = el("div", { class: "tabs", role: "tablist" });
    const panels = views.map((view, i) =>
      el("div", { class: "tab-panel", role: "tabpanel", id: `${id}-${view.key}`, "data-view": view.key, hidden: i > 0 }, view.content),
    );
    views.forEach((view, i) => {
      bar.append(
        el(
          "button",
          {
            type: "button",
            role: "tab",
            "data-view": view.key,
            "aria-selected": i === 0 ? "true" : "false",
            "aria-controls": `${id}-${view.key}`,
            onclick: (event) => {
              for (const button of bar.children) button.setAttribute("aria-selected", String(button === event.currentTarget));
              panels.forEach((panel) => {
                panel.hidden = panel.dataset.view !== view.key;
              });
            },
          },
          view.label,
        ),
      );
    });
    return el("div", { class: "tabbed", id }, bar, panels);
  }

  const VIEWS = [
    ["all", ["All forms ", ja("標準形")]],
    ["standard", ["Standard form only ", ja("一般形")]],
  ];

  function counted(names, counts, onclick) {
    return el(
      "div",
      { class: "effective-list" },
      names.map((name, i) =>
        el(
          "span",
          { class: "counted", "data-tile": name, title: `${name}: ${counts[i]} unseen` },
          onclick ? tileButton(name, `draw ${name} (摸)`, () => onclick(name)) : tile(name),
          el("span", { class: `count${counts[i] ? "" : " none"}`, text: String(counts[i]) }),
        ),
      ),
    );
  }

  function discardTable(rows, view) {
    const body = el("tbody");
    let level = null;
    for (const row of rows) {
      if (row.shanten !== level) {
        level = row.shanten;
        body.append(el("tr", { class: "level" }, el("th", { colspan: 4 }, level === 0 ? ["ready ", ja("聴牌")] : levelText(level))));
      }
      const good = row.good_shape;
      body.append(
        el(
          "tr",
          {
            class: "discard-row",
            "data-discard": row.discard,
            "data-shanten": row.shanten,
            "data-total": row.total,
            "data-tiles": row.tiles.join(" "),
          },
          el(
            "td",
            { class: "discard" },
            tileButton(row.discard, `discard ${row.discard} (打)`, () => discardThenAnalyse(row.discard)),
            el("span", { class: "name", text: row.discard }),
          ),
          el("td", {}, counted(row.tiles, row.counts)),
          el("td", { class: "num total", text: String(row.total) }),
          el(
            "td",
            { class: "good" },
            good && good.total ? [`${Math.round(good.share * 100)}% `, el("span", { class: "hint", text: `(${good.good}/${good.total})` })] : "",
          ),
        ),
      );
    }
    return el(
      "table",
      { class: "discards", "data-view": view },
      el(
        "thead",
        {},
        el(
          "tr",
          {},
          el("th", {}, "Discard ", ja("打")),
          el("th", {}, "Effective tiles ", ja("有効牌"), " (unseen copies)"),
          el("th", { class: "num" }, "Tiles ", ja("枚")),
          el("th", { title: "for 1-shanten options: the share of effective draws that leave a two-sided-or-better ready hand" }, "Good shape ", ja("良形")),
        ),
      ),
      body,
    );
  }

  function ukeireView(u) {
    if (!u.tiles.length) return el("p", { class: "note", text: "No tile lowers the shanten number." });
    return el(
      "div",
      { class: "ukeire" },
      counted(u.tiles, u.counts, drawThenAnalyse),
      el("p", { class: "note" }, `${u.total} tiles (`, ja("枚"), `) of ${u.tiles.length} kinds lower the shanten number. Click one to draw it (摸).`),
    );
  }

  function sameNote(same) {
    return same ? el("p", { class: "note", text: "The same as with all forms." }) : null;
  }

  function render(data) {
    const parts = [summary(data)];
    if (data.discards) {
      if (data.decompositions.length) {
        parts.push(
          card(
            "decompositions",
            ["Complete hand ", ja("和了形"), ": its readings"],
            data.decompositions.map((d) =>
              el(
                "div",
                { class: "decomposition", "data-text": d.text },
                el("span", { class: "hint", text: FORMS[d.form] }),
                d.blocks.map((b) => el("span", { class: "block", title: b }, parseMpsz(b).map(tile))),
              ),
            ),
          ),
        );
      }
      const same = JSON.stringify(data.discards.all) === JSON.stringify(data.discards.standard);
      parts.push(
        card(
          "discards",
          ["Discards ", ja("打牌候補")],
          tabs(
            "discard-views",
            VIEWS.map(([key, label]) => ({
              key,
              label,
              content: [key === "standard" ? sameNote(same) : null, discardTable(data.discards[key], key)],
            })),
          ),
        ),
      );
    } else {
      const same = JSON.stringify(data.ukeire.all) === JSON.stringify(data.ukeire.standard);
      parts.push(
        card(
          "ukeire",
          ["Effective tiles ", ja("有効牌"), " (", ja("受け入れ"), ")"],
          tabs(
            "ukeire-views",
            VIEWS.map(([key, label]) => ({
              key,
              label,
              content: [key === "standard" ? sameNote(same) : null, ukeireView(data.ukeire[key])],
            })),
          ),
        ),
      );
      if (data.waits.length) {
        parts.push(
          card(
            "waits",
            ["Waits ", ja("待ち")],
            el(
              "table",
              { class: "discards waits" },
              el("thead", {}, el("tr", {}, el("th", {}, "Wait ", ja("待ち")), el("th", { class: "num" }, "Left ", ja("残り")), el("th", {}, "Readings ", ja("和了形")))),
              el(
                "tbody",
                {},
                data.waits.map((w) =>
                  el(
                    "tr",
                    { class: "wait-row", "data-tile": w.tile },
                    el("td", { class: "discard" }, tile(w.tile), el("span", { class: "name", text: w.tile })),
                    el("td", { class: "num", text: String(w.unseen) }),
                    el(
                      "td",
                      {},
                      w.readings.map((r) => el("div", { class: "reading" }, `${SHAPES[r.shape] || r.shape} ${r.block}: ${r.decomposition}`)),
                    ),
                  ),
                ),
              ),
            ),
          ),
        );
      }
    }
    result.replaceChildren(...parts);
    result.dataset.hand = data.hand;
    result.hidden = false;
  }

  // ---- wiring ------------------------------------------------------------------------

  buildPalette();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    analyse(true);
  });
  $("undo").addEventListener("click", () => {
    const last = added.pop();
    if (last) removeTile(last.field, last.name);
    else removeTile(target(), (parseMpsz(fields[target()].value.trim()) || []).slice(-1)[0] || "");
  });
  $("clear").addEventListener("click", () => {
    const field = target();
    fields[field].value = "";
    for (let i = added.length - 1; i >= 0; i -= 1) if (added[i].field === field) added.splice(i, 1);
  });
  for (const box of [players, rule]) {
    box.addEventListener("change", () => {
      updatePalette();
      if (fields.q.value.trim()) analyse(true);
    });
  }
  window.addEventListener("popstate", () => {
    formFromParams(new URLSearchParams(location.search));
    if (fields.q.value.trim()) analyse(false);
  });
  formFromParams(new URLSearchParams(location.search));
  document.body.dataset.state = "idle";
  if (fields.q.value.trim()) analyse(false);
})();
