// shanten's local page: reads the form (or the page's own URL), the tile buttons and the
// history, asks /api/analyse and has analysis.js draw the answer. No framework, no build
// step, nothing fetched from elsewhere; the helpers are page.js's.
"use strict";

(() => {
  const { NAMES, SUITS, el, isRed, kind, label, tileButton, parseMpsz, redden, formatMpsz, meldGroups } =
    window.shantenPage;
  const { render: drawAnalysis } = window.shantenAnalysis;
  const SANMA_ABSENT = new Set(["2m", "3m", "4m", "5m", "0m", "6m", "7m", "8m"]);
  const TRUE = ["1", "true", "yes", "on"];
  // a concealed quad (暗槓) is written in parentheses, (1111p): its tiles are those inside
  const unbracket = (text) => (text || "").replace(/[()]/g, "");

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
  // the tile a click last put into the hand, {name, drawn}: drawn when it was a draw (摸);
  // the score card's winning tile, while the hand holds it
  let added = null;

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
    if (field === "q") added = { name, drawn: false };
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
    if (field === "q") added = null;
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
    const typed = parseMpsz(params.get("q")) || [];
    shown = {
      query,
      hand: redden(parseMpsz(data.hand), parseMpsz(params.get("q"))),
      melds: data.melds.map((meld, i) => redden(parseMpsz(unbracket(meld)) || [], parseMpsz(unbracket(melds[i])))),
    };
    render(data);
    // for the page's other scripts (odds.js, score.js): the analysis now on screen, and its
    // last tile: the one a click put in while the hand holds it, else the last one typed
    const last = added && shown.hand.some((t) => kind(t) === kind(added.name)) ? added : typed.length ? { name: typed[typed.length - 1], drawn: false } : null;
    document.dispatchEvent(new CustomEvent("shanten:analysed", { detail: { query, data, hand: shown.hand, last } }));
    result.classList.remove("stale");
    document.title = `${formatMpsz(shown.hand)} · shanten 牌理`;
    document.body.dataset.state = "done";
  }

  /** Discard (打) `name` from the hand on screen ("5m" takes a plain five before a red one). */
  function discardThenAnalyse(name) {
    const tiles = [...shown.hand];
    const at = tiles.includes(name) ? tiles.lastIndexOf(name) : tiles.findLastIndex((t) => kind(t) === kind(name));
    if (at >= 0) tiles.splice(at, 1);
    added = null;
    fields.q.value = formatMpsz(tiles);
    analyse("push");
  }

  /** Draw (摸) `name` into the hand on screen. */
  function drawThenAnalyse(name) {
    added = { name, drawn: true };
    fields.q.value = formatMpsz([...shown.hand, name]);
    analyse("push");
  }

  function render(data) {
    drawAnalysis(data, shown, { discard: discardThenAnalyse, draw: drawThenAnalyse });
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
    if (field === "q") added = null;
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
  fields.q.addEventListener("input", () => {
    added = null; // typed: the last tile is the text's
  });
  window.addEventListener("popstate", () => {
    added = null;
    formFromParams(new URLSearchParams(location.search));
    if (fields.q.value.trim()) analyse("keep");
    else clearResult("idle");
  });
  formFromParams(new URLSearchParams(location.search));
  document.body.dataset.state = "idle";
  // a shared link's hand: analysed once the page's other scripts have run (deferred, they
  // all run before DOMContentLoaded), so that odds.js hears of the answer however late it
  // loads
  document.addEventListener("DOMContentLoaded", () => fields.q.value.trim() && analyse("keep"), { once: true });
})();
