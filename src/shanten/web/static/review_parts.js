// The parts of a reviewed game's drawing (牌譜検討) that show one decision: its hand, its
// marks, the odds, the threats and the safety of the tile cut, the link to the same round in
// Tenhou's viewer; the table of a round's decisions and the shanten chart. review_view.js
// puts them together, on the page and in the report file alike. Everything from the record
// (names above all) goes in as text, never as markup.
"use strict";

(() => {
  const SVG_NS = "http://www.w3.org/2000/svg";
  const COLOURS = ["#17643a", "#1f5fbf", "#b3261e", "#8a5a00"];
  const { el, ja, tile, tilesInline, parseMpsz } = window.shantenPage;

  const seatName = (game, seat) => game.names[seat] || `seat ${seat}`;
  const percent = (p) => `${(p * 100).toFixed(1)}%`;
  const judged = (d) => d.win !== null && d.win !== undefined && d.best_win !== null && d.best_win !== undefined;

  /** The address of a round in Tenhou's log viewer: the game (`log`), the seat shown at the
   * bottom (`tw`), the round counted from 0 (`ts`); the viewer opens at the round's start. */
  function tenhouUrl(id, roundIndex, seat) {
    return `https://tenhou.net/6/?log=${encodeURIComponent(id)}&tw=${seat}&ts=${roundIndex}`;
  }

  /** The link to the decision's round in Tenhou's viewer, or null when the game has no id. */
  function tenhouLink(game, d) {
    if (!game.tenhou) return null;
    const where = `${game.rounds[d.round_index]}, turn ${d.turn}`;
    return el(
      "a",
      {
        class: "tenhou",
        href: tenhouUrl(game.tenhou, d.round_index, d.seat),
        target: "_blank",
        rel: "noopener noreferrer",
        "aria-label": `Tenhou's viewer: ${where}, from ${seatName(game, d.seat)}'s seat`,
      },
      "Tenhou ↗",
    );
  }

  function who(game, seat) {
    return [el("span", { class: `swatch swatch-${seat}` }), seatName(game, seat)];
  }

  /** The concealed hand, then each meld apart. */
  function handTiles(d) {
    return el(
      "span",
      { class: "hand-tiles" },
      tilesInline(parseMpsz(d.hand) || [], "concealed"),
      (d.melds || []).map((meld) => tilesInline(parseMpsz(meld) || [], "meld")),
    );
  }

  /** What kind of decision it was, in words: riichi, tsumogiri, forced, after a call. */
  function marks(d) {
    const words = [];
    if (d.riichi) words.push("riichi");
    if (d.forced) words.push("forced");
    else if (!d.graded) words.push("no choice");
    if (d.tsumogiri && !d.forced) words.push("tsumogiri");
    if (d.after_call) words.push("after a call");
    return words.map((word) => el("span", { class: `mark mark-${word.replace(/ /g, "-")}`, text: word }));
  }

  /** The odds of the decision when it was judged by them (the discard made, then the best
   * by the odds), else null. */
  function oddsText(d) {
    if (!judged(d)) return null;
    const win = `win ${percent(d.win)} (best ${percent(d.best_win)})`;
    const noTenpai = d.tenpai === null || d.best_tenpai === null;
    const text = noTenpai ? win : `${win} · tenpai ${percent(d.tenpai)} (best ${percent(d.best_tenpai)})`;
    const scored = d.points !== null && d.points !== undefined && d.best_points !== null && d.best_points !== undefined;
    if (!scored) return text;
    const points = (value) => Math.round(value).toLocaleString("en");
    const after = d.best_by_points && d.best_by_points !== d.discarded ? ` after ${d.best_by_points}` : "";
    return `${text} · expected points ${points(d.points)} (best ${points(d.best_points)}${after})`;
  }

  /** The threats the decision was made under, and the safety of the cut against each riichi. */
  function threatParts(game, d) {
    if (!d.threats || !d.threats.length) return [];
    const parts = d.threats.map((t) =>
      el("span", { class: "threat", "data-seat": t.seat, "data-kind": t.kind }, who(game, t.seat), `: ${t.kind}`),
    );
    for (const s of d.safety || []) {
      parts.push(el("span", { class: "safety", "data-seat": s.seat, text: `${s.category} vs ${seatName(game, s.seat)}: ${s.risk}%` }));
    }
    if (d.risk !== null && d.risk !== undefined) {
      parts.push(
        el("span", { class: "risk" }, `deal-in risk ${d.risk}%, safest `, tile(d.safest), ` ${d.safest_risk}%`),
      );
    }
    return parts;
  }

  /** The shanten (y, 0 at the bottom... 6 at the top) of each player after each of their
   * discards (x) in round `index`. */
  function shantenChart(game, index) {
    const svg = (tag, attrs, ...children) => {
      const node = document.createElementNS(SVG_NS, tag);
      for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
      node.append(...children);
      return node;
    };
    const series = game.players.map((p) => p.shanten_by_round[index] || []);
    const turns = Math.max(1, ...series.map((s) => s.length));
    const top = Math.max(2, ...series.flat());
    const [w, h, left, bottom, pad] = [600, 220, 36, 28, 10];
    const x = (t) => left + ((w - left - pad) * t) / Math.max(turns - 1, 1);
    const y = (s) => h - bottom - ((h - bottom - pad) * (s + 1)) / (top + 1);
    const parts = [];
    for (let s = -1; s <= top; s += 1) {
      parts.push(svg("line", { x1: left, x2: w - pad, y1: y(s), y2: y(s), class: "grid" }));
      parts.push(svg("text", { x: left - 6, y: y(s) + 4, "text-anchor": "end" }, s === -1 ? "win" : String(s)));
    }
    const step = Math.max(1, Math.ceil(turns / 9));
    for (let t = 0; t < turns; t += step) parts.push(svg("text", { x: x(t), y: h - bottom + 16, "text-anchor": "middle" }, String(t + 1)));
    series.forEach((values, seat) => {
      if (!values.length) return;
      parts.push(
        svg("polyline", {
          points: values.map((s, t) => `${x(t).toFixed(1)},${y(s).toFixed(1)}`).join(" "),
          stroke: COLOURS[seat % COLOURS.length],
          "stroke-width": 2,
          fill: "none",
          class: "series",
          "data-seat": seat,
          "data-values": values.join(" "),
        }),
      );
    });
    return el(
      "figure",
      { id: "review-chart" },
      svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "shanten-chart", role: "img", "aria-label": `Shanten by turn, ${game.rounds[index]}` }, ...parts),
      el("figcaption", {}, "Shanten ", ja("向聴数"), " after each discard, by turn"),
    );
  }

  /** One row of the round's table: a decision with the board state the record gives. */
  function decisionRow(game, d, withOdds) {
    const link = tenhouLink(game, d);
    return el(
      "tr",
      {
        class: `review-row${d.optimal ? "" : " lost"}${d.graded ? "" : " ungraded"}${d.threats.length ? " threatened" : ""}`,
        "data-index": d.index,
        "data-seat": d.seat,
        "data-turn": d.turn,
        "data-discard": d.discarded,
        "data-loss": d.loss,
      },
      el("td", { class: "seat" }, who(game, d.seat)),
      el("td", { class: "num turn", text: String(d.turn) }),
      el("td", { class: "hand" }, handTiles(d)),
      el("td", { class: "draw" }, d.drawn ? tile(d.drawn) : el("span", { class: "hint", text: "none (a call)" })),
      el("td", { class: "discard" }, tile(d.discarded), marks(d)),
      el("td", { class: "best" }, tilesInline(d.best)),
      el("td", { class: "num shanten", text: `${d.shanten_before}→${d.shanten_after}` }),
      el("td", { class: "effective" }, el("span", { class: "count", text: String(d.ukeire) }), tilesInline(d.ukeire_tiles)),
      el("td", { class: "num loss", text: d.graded ? String(d.loss) : "–" }),
      el("td", { class: "threats" }, threatParts(game, d)),
      withOdds ? el("td", { class: "odds", text: judged(d) ? `${percent(d.win)} / ${percent(d.best_win)}` : "" }) : null,
      game.tenhou ? el("td", { class: "link" }, link) : null,
    );
  }

  /** The table of the decisions `rows` (one round's, of one player or all). */
  function decisionTable(game, rows) {
    const withOdds = rows.some(judged);
    const head = [
      ["Player", ""],
      ["Turn", "num"],
      ["Hand ", "", "手牌"],
      ["Draw ", "", "自摸"],
      ["Discard ", "", "打"],
      ["Best ", "", "最善"],
      ["Shanten", "num"],
      ["Effective tiles ", "", "受け入れ"],
      ["Loss", "num"],
      ["Threats and safety", ""],
    ];
    if (withOdds) head.push(["Win / best", "num"]);
    if (game.tenhou) head.push(["Tenhou", ""]);
    return el(
      "table",
      { class: "discards review-discards" },
      el("caption", { class: "hint" }, "Loss in effective tiles against the best discard; shanten before → after the discard."),
      el("thead", {}, el("tr", {}, head.map(([text, cls, jp]) => el("th", { scope: "col", class: cls || null }, text, jp ? ja(jp) : null)))),
      el("tbody", {}, rows.map((d) => decisionRow(game, d, withOdds))),
    );
  }

  window.shantenReviewParts = Object.freeze({
    seatName,
    percent,
    judged,
    tenhouUrl,
    tenhouLink,
    who,
    handTiles,
    marks,
    oddsText,
    threatParts,
    shantenChart,
    decisionTable,
  });
})();
