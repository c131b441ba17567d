// The page's shared drawing helpers: elements, tile pictures (牌) from the page's sprite,
// mpsz text (parsed, sorted, red fives kept) and the fields of the game around a hand. The page's other scripts (app.js,
// analysis.js, odds.js, score.js, review.js) take them from window.shantenPage.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const SUITS = "mpsz";
  const NAMES = [];
  for (let s = 0; s < 4; s += 1) {
    for (let n = 1; n <= (s === 3 ? 7 : 9); n += 1) NAMES.push(`${n}${SUITS[s]}`);
    if (s < 3) NAMES.push(`0${SUITS[s]}`); // the red five (赤ドラ), drawn red, counted as a 5
  }

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

  /** `names` (as the server prints them: a hand's fives as 5, a meld's red fives as 0) with
   * as many fives of each suit red as `typed` (the tiles the user gave) has: the library
   * reads 0 as 5, the page keeps it red. */
  function redden(names, typed) {
    const reds = {};
    for (const name of typed || []) if (isRed(name)) reds[name[1]] = (reds[name[1]] || 0) + 1;
    for (const name of names) if (isRed(name)) reds[name[1]] -= 1; // red already
    return names.map((name) => {
      if (name[0] !== "5" || !(reds[name[1]] > 0)) return name;
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

  // ---- the game around a hand (場況): the fields of the score card and the odds card ---

  const WINDS = [
    ["1z", "East", "東"],
    ["2z", "South", "南"],
    ["3z", "West", "西"],
    ["4z", "North", "北"],
  ];
  const RULES = [
    ["tenhou", "Tenhou 天鳳"],
    ["mahjong-soul", "Mahjong Soul 雀魂"],
  ];

  /** A <select> of `options`, each [value, text, disabled]. */
  function select(id, options, chosen) {
    return el(
      "select",
      { id },
      options.map(([value, text, disabled]) => el("option", { value, selected: value === chosen, disabled }, text)),
    );
  }

  /** The game's fields, ids `${prefix}-dora`, `-seat`, `-round`, `-north` (3-player
   * only: `players` is 3 or 4) and `-rules`, as labels in that order. */
  function gameFields(prefix, players) {
    const winds = (absent) => WINDS.map(([value, name, japanese]) => [value, `${name} ${japanese}`, value === absent]);
    return [
      el("label", {}, "Dora indicators ", ja("ドラ表示牌"), el("input", { id: `${prefix}-dora`, type: "text", maxlength: 300, spellcheck: "false", placeholder: "3m7z" })),
      el("label", {}, "Seat wind ", ja("自風"), select(`${prefix}-seat`, winds(players === 3 ? "4z" : null), "1z")),
      el("label", {}, "Round wind ", ja("場風"), select(`${prefix}-round`, winds(null), "1z")),
      players === 3 ? el("label", {}, "North tiles ", ja("抜きドラ"), el("input", { id: `${prefix}-north`, type: "number", min: 0, max: 4, value: 0, inputmode: "numeric" })) : null,
      el("label", {}, "Rules ", select(`${prefix}-rules`, RULES, "tenhou")),
    ];
  }

  /** The game's parameters, as /api/score and /api/odds name them, from the fields of
   * gameFields(prefix) under `root`, set on `params`. */
  function gameParams(root, prefix, params) {
    for (const name of ["dora", "north"]) {
      const input = root.querySelector(`#${prefix}-${name}`);
      if (input && input.value.trim()) params.set(name, input.value.trim());
    }
    params.set("seat_wind", root.querySelector(`#${prefix}-seat`).value);
    params.set("round_wind", root.querySelector(`#${prefix}-round`).value);
    params.set("rules", root.querySelector(`#${prefix}-rules`).value);
    return params;
  }

  function levelText(n) {
    if (n === -1) return ["complete ", ja("和了")];
    if (n === 0) return ["ready ", ja("聴牌")];
    return [`${n}-shanten `, ja(`${n}向聴`)];
  }

  window.shantenPage = Object.freeze({
    SUITS,
    NAMES,
    el,
    ja,
    isRed,
    kind,
    label,
    tile,
    tileButton,
    tilesInline,
    parseMpsz,
    redden,
    formatMpsz,
    meldGroups,
    levelText,
    select,
    gameFields,
    gameParams,
  });
})();
