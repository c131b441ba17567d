// shanten's local page: reads the form (or the page's own URL), asks /api/analyse and draws
// the answer. No framework, no build step, nothing fetched from elsewhere.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const SUITS = "mpsz";
  const NAMES = [];
  for (let s = 0; s < 4; s += 1) {
    for (let n = 1; n <= (s === 3 ? 7 : 9); n += 1) NAMES.push(`${n}${SUITS[s]}`);
    if (s < 3) NAMES.push(`0${SUITS[s]}`); // the red five (赤ドラ), drawn red, counted as a 5
  }
  const SANMA_ABSENT = new Set(["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]);
  const TRUE = ["1", "true", "yes", "on"];
  const FORMS = {
    standard: "four sets and a pair 一般形",
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
  const status = $("status");
  // the tile clicks of each box, for "Remove last": {before, after} values of the box
  const clicks = { q: [], melds: [], visible: [] };
  let requestSeq = 0;
  let shown = null; // the analysis on screen: {query, hand, melds}, fives typed as 0 kept red

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

  const isRed = (name) => name[0] === "0";
  const kind = (name) => (isRed(name) ? `5${name[1]}` : name);
  const label = (name) => (isRed(name) ? `red ${kind(name)}` : name);

  /** A tile picture: the SVG symbol of the page's sprite; "0m" is the red 5m. */
  function tile(name) {
    const svg = document.createElementNS(SVG_NS, "svg");
    svg.setAttribute("viewBox", "0 0 60 80");
    svg.setAttribute("class", isRed(name) ? "tile red" : "tile");
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label(name));
    svg.dataset.tile = name;
    const use = document.createElementNS(SVG_NS, "use");
    use.setAttribute("href", isRed(name) ? `#red-${kind(name)}` : `#tile-${name}`);
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

  /** The tiles of a plain mpsz string ("0m" for a red five), or null for anything else. */
  function parseMpsz(text) {
    const plain = (text || "").replace(/\s+/g, "");
    if (!/^(?:[0-9]+[mps]|[1-7]+z)*$/.test(plain)) return null;
    const tiles = [];
    let pending = [];
    for (const ch of plain) {
      if (ch >= "0" && ch <= "9") pending.push(ch);
      else {
        for (const digit of pending) tiles.push(digit + ch);
        pending = [];
      }
    }
    return tiles;
  }

  const order = (name) => SUITS.indexOf(name[1]) * 10 + (isRed(name) ? 4.5 : Number(name[0]));

  /** `names` (as the server prints them, fives as 5) with as many fives of each suit red as
   * `typed` (the tiles the user gave) has: the library reads 0 as 5, the page keeps it red. */
  function redden(names, typed) {
    const reds = {};
    for (const name of typed || []) if (isRed(name)) reds[name[1]] = (reds[name[1]] || 0) + 1;
    return names.map((name) => {
      if (name[0] !== "5" || !reds[name[1]]) return name;
      reds[name[1]] -= 1;
      return `0${name[1]}`;
    });
  }

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

  /** A palette click: the tile joins the box of `field`, kept sorted while it is mpsz. */
  function addTile(field, name) {
    const input = fields[field];
    const text = input.value.trim();
    const before = input.value;
    if (field === "melds") {
      const groups = meldGroups(text);
      const last = groups.length ? parseMpsz(groups[groups.length - 1]) : null;
      // a meld takes 3 tiles, or a 4th copy of a triplet (kan); then the next one starts
      if (last && (last.length < 3 || (last.length === 3 && last.every((t) => kind(t) === kind(name))))) {
        groups[groups.length - 1] = formatMpsz([...last, name]);
      } else {
        groups.push(name);
      }
      input.value = groups.join(",");
    } else {
      const tiles = parseMpsz(text);
      input.value = tiles ? formatMpsz([...tiles, name]) : text + name;
    }
    clicks[field].push({ before, after: input.value });
  }

  /** The text without its last tile: the last digit of mpsz, else the last character. */
  function withoutLastTile(text) {
    const plain = text.trim();
    if (/[0-9][mpsz]$/.test(plain)) {
      const rest = plain.slice(0, -2);
      return /[0-9]$/.test(rest) ? rest + plain.slice(-1) : rest;
    }
    return Array.from(plain).slice(0, -1).join("");
  }

  /** "Remove last": undoes the box's last click while the box still reads as that click
   * left it; once the box has been typed in, takes the last tile of what it holds. */
  function removeLast(field) {
    const input = fields[field];
    const last = clicks[field].pop();
    if (last && last.after === input.value) {
      input.value = last.before;
      return;
    }
    clicks[field].length = 0;
    if (field === "melds") {
      const groups = meldGroups(input.value);
      if (groups.length) groups[groups.length - 1] = withoutLastTile(groups[groups.length - 1]);
      input.value = groups.filter(Boolean).join(",");
    } else {
      input.value = withoutLastTile(input.value);
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
        const title = isRed(name) ? `add ${name}: a ${label(name)} (赤)` : `add ${name}`;
        row.append(
          tileButton(name, title, () => {
            addTile(target(), name);
            refresh();
          }),
        );
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

  /** The query of the boxes as the address shows it: commas read better in a shared link. */
  function queryOfForm() {
    return paramsFromForm().toString().replace(/%2C/gi, ",");
  }

  /** No analysis on screen: `message` (if any) under the box, `state` for the body. */
  function clearResult(state, message) {
    requestSeq += 1; // an answer still on its way is for another hand
    shown = null;
    result.hidden = true;
    result.classList.remove("stale");
    result.replaceChildren();
    errorBox.hidden = true;
    status.textContent = message || "";
    status.hidden = !message;
    document.body.dataset.state = state;
  }

  function showError(message) {
    clearResult("error");
    errorBox.textContent = message;
    errorBox.hidden = false;
  }

  /** After a change by the tile buttons: analyse the boxes again, so the answer on screen is
   * always that of the boxes; a hand or meld still being built gets a note, not an error. */
  function refresh() {
    const hand = parseMpsz(fields.q.value);
    const open = meldGroups(fields.melds.value).find((group) => {
      const tiles = parseMpsz(group); // anything but plain mpsz is the server's to judge
      return tiles !== null && tiles.length < 3;
    });
    if (!fields.q.value.trim()) clearResult("idle");
    else if (hand && hand.length % 3 === 0) {
      clearResult("building", `${hand.length} tiles: a hand holds 3n+1 or 3n+2 tiles (13 or 14 without melds). Add a tile.`);
    } else if (open) clearResult("building", `Meld ${open}: a meld takes 3 tiles, or 4 for a quad (槓).`);
    else analyse("replace");
  }

  /** Ask the server about the boxes and draw its answer. `how` the address follows:
   * "push" a new history entry, "replace" the current one, "keep" it as it is. */
  async function analyse(how) {
    const params = paramsFromForm();
    if (!params.get("q")) {
      showError("Type a hand (mpsz like 23489m6799p22567s, or Unicode tiles) or click tiles, then Analyse.");
      return;
    }
    const query = queryOfForm();
    if (how !== "keep" && location.search !== `?${query}`) {
      if (how === "push") history.pushState(null, "", `/?${query}`);
      else history.replaceState(null, "", `/?${query}`);
    }
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
    status.hidden = true;
    const melds = meldGroups(params.get("melds") || "");
    shown = {
      query,
      hand: redden(parseMpsz(data.hand), parseMpsz(params.get("q"))),
      melds: data.melds.map((meld, i) => redden(parseMpsz(meld), parseMpsz(melds[i]))),
    };
    render(data);
    // for the page's other scripts (odds.js): the analysis now on screen
    document.dispatchEvent(new CustomEvent("shanten:analysed", { detail: { query, data } }));
    result.classList.remove("stale");
    document.title = `${formatMpsz(shown.hand)} · shanten 牌理`;
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

  /** Discard (打) `name` from the hand on screen ("5m" takes a plain five before a red one). */
  function discardThenAnalyse(name) {
    const tiles = [...shown.hand];
    const at = tiles.includes(name) ? tiles.lastIndexOf(name) : tiles.findLastIndex((t) => kind(t) === kind(name));
    if (at >= 0) tiles.splice(at, 1);
    fields.q.value = formatMpsz(tiles);
    analyse("push");
  }

  /** Draw (摸) `name` into the hand on screen. */
  function drawThenAnalyse(name) {
    fields.q.value = formatMpsz([...shown.hand, name]);
    analyse("push");
  }

  function summary(data) {
    const s = data.shanten;
    const discarding = Boolean(data.discards); // a 3n+2 hand: one tile is to go
    const handView = el(
      "div",
      { class: "hand-view" },
      shown.hand.map((name) => (discarding ? tileButton(name, `discard ${label(name)} (打)`, () => discardThenAnalyse(name)) : tile(name))),
      data.melds.map((meld, i) => el("span", { class: "meld", title: `meld ${meld}` }, shown.melds[i].map(tile))),
    );
    const score = (key) => [FORMS[key], " ", el("b", { text: s[key] === null ? "–" : String(s[key]) })];
    const witness = data.witness;
    const rules = [];
    if (data.players === 3) rules.push("3-player 三人麻雀");
    if (data.count_melded_copies) rules.push("copies in melds count");
    if (data.visible) rules.push(`visible ${data.visible}`);
    return card(
      "summary",
      ["Hand ", ja("手牌"), ` · ${formatMpsz(shown.hand)} · ${data.tiles} tiles`, rules.length ? ` · ${rules.join(" · ")}` : ""],
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
      discarding ? el("p", { class: "hint", text: "Click a tile of the hand to discard it (打)." }) : null,
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
    ["standard", ["Four sets and a pair only ", ja("一般形")]],
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
        body.append(el("tr", { class: "level", "data-shanten": level }, el("th", { colspan: 4 }, level === 0 ? ["ready ", ja("聴牌")] : levelText(level))));
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
          el("td", { class: "effective" }, counted(row.tiles, row.counts)),
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
                      { class: "readings" },
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
    result.dataset.hand = formatMpsz(shown.hand);
    result.hidden = false;
  }

  // ---- wiring ------------------------------------------------------------------------

  buildPalette();
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    analyse("push");
  });
  $("undo").addEventListener("click", () => {
    removeLast(target());
    refresh();
  });
  $("clear").addEventListener("click", () => {
    const field = target();
    fields[field].value = "";
    clicks[field].length = 0;
    refresh();
  });
  for (const box of [players, rule]) {
    box.addEventListener("change", () => {
      updatePalette();
      if (fields.q.value.trim()) analyse("push");
    });
  }
  // typing leaves the answer on screen, dimmed, until Analyse: it is another hand's
  for (const input of Object.values(fields)) {
    input.addEventListener("input", () => result.classList.toggle("stale", shown !== null && queryOfForm() !== shown.query));
  }
  window.addEventListener("popstate", () => {
    formFromParams(new URLSearchParams(location.search));
    if (fields.q.value.trim()) analyse("keep");
    else clearResult("idle");
  });
  // the helpers the page's other scripts (odds.js, review.js) draw with
  window.shantenPage = Object.freeze({ el, ja, tile, tilesInline, parseMpsz, levelText });
  formFromParams(new URLSearchParams(location.search));
  document.body.dataset.state = "idle";
  // a shared link's hand: analysed once the page's other scripts have run (deferred, they
  // all run before DOMContentLoaded), so that odds.js hears of the answer however late it
  // loads
  document.addEventListener("DOMContentLoaded", () => fields.q.value.trim() && analyse("keep"), { once: true });
})();
