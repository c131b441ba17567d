// The score (点数計算) of a complete hand on the page: when the analysis on screen is a
// complete hand (和了), a card under the hand asks how it won (the winning tile among the
// hand's, ron or self-draw, riichi and the other situations, dora indicators, the winds,
// the rules), asks /api/score and draws the han (飜), fu (符), points, payments and yaku
// (役). The server's refusal (no yaku, ippatsu without riichi, ...) shows in the card.
// Everything from the user or the server goes into the page as text, never as markup.
"use strict";

(() => {
  const { el, ja, tile, kind, gameFields, gameParams } = window.shantenPage;
  const SWITCHES = [
    ["riichi", "Riichi", "立直"],
    ["double_riichi", "Double riichi", "両立直"],
    ["ippatsu", "Ippatsu", "一発"],
    ["rinshan", "After a kan", "嶺上開花"],
    ["chankan", "Robbing a kan", "槍槓"],
    ["last_tile", "Last tile", "海底・河底"],
    ["first_draw", "First draw", "天和・地和"],
  ];
  const PAYERS = { discarder: "Discarder", dealer: "Dealer", "non-dealer": "Non-dealer" };
  let asked = 0; // the number of the last request: an older answer draws nothing

  const capital = (text) => text[0].toUpperCase() + text.slice(1);
  const times = (n) => (n > 1 ? `${n}× yakuman` : "yakuman");

  /** The hand's kinds (a red five counts as its five), each drawn as one of its tiles: a
   * plain five where the hand has one. */
  function kinds(hand) {
    const pictures = new Map();
    for (const name of hand) {
      const k = kind(name);
      if (!pictures.has(k) || name === k) pictures.set(k, name);
    }
    return [...pictures.entries()];
  }

  function radio(name, value, checked, ...content) {
    return el("label", { class: `choice ${name}` }, el("input", { type: "radio", name, value, checked }), content);
  }

  /** The card's form: `hand` the tiles on screen, `last` the default winning tile
   * ({name, drawn}, or null), `players` 3 or 4. */
  function form(hand, last, players) {
    const choices = kinds(hand);
    const lastKind = last ? kind(last.name) : null;
    const chosen = choices.some(([k]) => k === lastKind) ? lastKind : choices[choices.length - 1][0];
    const drawn = Boolean(last && last.drawn && kind(last.name) === chosen);
    const [dora, ...game] = gameFields("score", players);
    return el(
      "form",
      { id: "score-form", autocomplete: "off" },
      el(
        "fieldset",
        { class: "score-win" },
        el("legend", {}, "Winning tile ", ja("和了牌")),
        choices.map(([k, picture]) => radio("score-win", k, k === chosen, tile(picture))),
      ),
      el(
        "fieldset",
        { class: "score-by" },
        el("legend", {}, "Won by ", ja("和了方")),
        radio("score-tsumo", "0", !drawn, "Ron ", ja("ロン")),
        radio("score-tsumo", "1", drawn, "Self-draw ", ja("ツモ")),
      ),
      el(
        "fieldset",
        { class: "score-switches" },
        el("legend", {}, "Situation ", ja("状況")),
        SWITCHES.map(([key, name, japanese]) => el("label", {}, el("input", { type: "checkbox", id: `score-${key}` }), ` ${name} `, ja(japanese))),
      ),
      el(
        "div",
        { class: "score-fields" },
        dora,
        el("label", {}, "Ura indicators ", ja("裏ドラ表示牌"), el("input", { id: "score-ura", type: "text", maxlength: 300, spellcheck: "false", placeholder: "with riichi" })),
        game,
      ),
      el("div", { class: "score-tools" }, el("button", { type: "submit", id: "score-go" }, "Score ", ja("点数計算"))),
    );
  }

  /** The query of the form: the analysed hand's `q`, `melds` and `players`, and the win. */
  function paramsOf(card, base) {
    const params = new URLSearchParams();
    for (const name of ["q", "melds", "players"]) if (base.get(name)) params.set(name, base.get(name));
    const elements = card.querySelector("#score-form").elements;
    params.set("win", elements.namedItem("score-win").value);
    params.set("tsumo", elements.namedItem("score-tsumo").value);
    for (const [key] of SWITCHES) if (card.querySelector(`#score-${key}`).checked) params.set(key, "1");
    const ura = card.querySelector("#score-ura").value.trim();
    if (ura) params.set("ura", ura);
    return gameParams(card, "score", params);
  }

  function yakuTable(yaku) {
    return el(
      "table",
      { class: "discards yaku-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "Yaku ", ja("役")), el("th", {}, ja("役名")), el("th", { class: "num" }, "Han ", ja("飜")))),
      el(
        "tbody",
        {},
        yaku.map((y) =>
          el(
            "tr",
            { class: "yaku-row", "data-key": y.key, "data-han": y.han, "data-yakuman": y.yakuman },
            el("td", { class: "name", text: y.name }),
            el("td", { class: "japanese", lang: "ja", text: y.japanese }),
            el("td", { class: "num han", text: y.yakuman ? times(y.yakuman) : `${y.han} han` }),
          ),
        ),
      ),
    );
  }

  /** Where the fu come from, before rounding: "base 20 + tsumo 2 = 22 → 30 fu". */
  function fuLine(data) {
    if (data.yakuman || !data.fu_parts.length) return null;
    const sum = data.fu_parts.reduce((total, part) => total + part.fu, 0);
    const parts = data.fu_parts.map((part) => `${part.reason} ${part.fu}`).join(" + ");
    const total = data.fu_parts.length > 1 ? ` = ${sum}` : "";
    return el("p", { class: "hint fu-parts" }, "Fu ", ja("符"), `: ${parts}${total}${sum === data.fu ? "" : ` → ${data.fu}`}`);
  }

  function drawScore(out, data) {
    const value = data.yakuman ? times(data.yakuman) : `${data.han} han ${data.fu} fu`;
    out.replaceChildren(
      el(
        "div",
        { class: "score-result", "data-han": data.han, "data-fu": data.fu, "data-points": data.points, "data-limit": data.limit || "" },
        el(
          "p",
          { class: "score-line" },
          el("span", { class: "big", lang: "ja", id: "score-headline", text: data.headline }),
          el("span", { class: "score-value", text: `${value} · ${data.points} points${data.limit ? ` · ${capital(data.limit)}` : ""}` }),
        ),
        el(
          "ul",
          { class: "payments", "aria-label": "payments" },
          data.payments.map((p) => el("li", { "data-payer": p.payer, "data-points": p.points }, `${PAYERS[p.payer] || p.payer} pays `, el("b", { text: String(p.points) }))),
        ),
        yakuTable(data.yaku),
        fuLine(data),
        el("p", { class: "hint score-reading", text: `Read as ${data.decomposition} (wait: ${data.wait})` }),
      ),
    );
  }

  async function ask(card, base) {
    const out = card.querySelector("#score-out");
    const error = card.querySelector(".score-error");
    const mine = (asked += 1);
    card.dataset.state = "loading";
    let response;
    let data;
    try {
      response = await fetch(`/api/score?${paramsOf(card, base)}`, { headers: { Accept: "application/json" } });
      data = await response.json();
    } catch {
      data = null;
    }
    if (mine !== asked || !card.isConnected) return; // another request, or another hand
    if (response && response.ok && data) {
      error.hidden = true;
      error.textContent = "";
      drawScore(out, data);
      card.dataset.state = "done";
      return;
    }
    out.replaceChildren();
    error.textContent = data && data.error ? data.error.message : response ? `The server answered ${response.status}.` : "No answer from the server: is `shanten serve` still running?";
    error.hidden = false;
    card.dataset.state = "error";
    error.scrollIntoView({ block: "nearest" });
  }

  function scoreCard(query, data, hand, last) {
    const base = new URLSearchParams(query);
    const card = el(
      "section",
      { id: "score", class: "card", "data-state": "idle" },
      el("h2", {}, "Score ", ja("点数計算")),
      form(hand, last, data.players),
      el("pre", { class: "error score-error", role: "alert", hidden: true }),
      el("div", { id: "score-out", "aria-live": "polite" }),
    );
    card.querySelector("#score-form").addEventListener("submit", (event) => {
      event.preventDefault();
      ask(card, base);
    });
    return card;
  }

  document.addEventListener("shanten:analysed", (event) => {
    asked += 1; // an answer still on its way is for the hand before
    const { query, data, hand, last } = event.detail;
    if (!data.discards || data.shanten.min !== -1) return; // only a complete hand scores
    const summary = document.getElementById("summary");
    if (summary) summary.after(scoreCard(query, data, hand, last));
  });
})();
